package main

import (
	"fmt"

	"github.com/culab/culab/cudalib"
)

// blockSize is the threads per block of every launch; n is a multiple of
// it, so every warp is full.
const blockSize = 128

// dynamicShared is the dynamic shared memory of every launch (kernels that
// use extern __shared__ need it; the others ignore it).
const dynamicShared = 2048

// device runs the kernels of each source on one cudalib device.
type device struct {
	name    string
	dev     *cudalib.Device
	modules map[string]*cudalib.Module // by unit: a source's label, or a kernel's name
	errs    map[string]error           // compile errors by unit
}

func newDevice(name string, dev *cudalib.Device) *device {
	return &device{name: name, dev: dev, modules: map[string]*cudalib.Module{}, errs: map[string]error{}}
}

// module returns the module holding k: its whole source, compiled once,
// or, where that fails (an instruction one device's compiler or loader
// refuses), k compiled alone, so that the failure stays with the kernels
// that cause it.
func (d *device) module(k testKernel) (*cudalib.Module, error) {
	whole := k.src.label()
	if m, err := d.compile(whole, k.src, k.src.program); err == nil {
		return m, nil
	}
	return d.compile(k.String(), k.src, k.alone)
}

// compile compiles a unit once, keeping its module or its error.
func (d *device) compile(unit string, s source, program func() (string, error)) (*cudalib.Module, error) {
	if m, ok := d.modules[unit]; ok {
		return m, nil
	}
	if err, ok := d.errs[unit]; ok {
		return nil, err
	}
	prog, err := program()
	if err == nil {
		var m *cudalib.Module
		if m, err = d.dev.CompileNamed(s.file, prog, s.opts...); err == nil {
			d.modules[unit] = m
			return m, nil
		}
	}
	err = fmt.Errorf("compile %s on the %s: %w", unit, d.name, err)
	d.errs[unit] = err
	return nil, err
}

// run launches kernel k over the inputs (OUT starts as c) and returns OUT.
func (d *device) run(k testKernel, a, b, c []uint64) ([]uint64, error) {
	m, err := d.module(k)
	if err != nil {
		return nil, err
	}
	kern, err := m.Kernel(k.name)
	if err != nil {
		return nil, err
	}
	var bufs []*cudalib.Int64s
	defer func() {
		for _, buf := range bufs {
			buf.Free()
		}
	}()
	for _, host := range [][]uint64{a, b, c, c} {
		buf, err := d.dev.Int64sFrom(asInt64(host))
		if err != nil {
			return nil, err
		}
		bufs = append(bufs, buf)
	}
	n := len(a)
	cfg := cudalib.Linear(n, blockSize)
	cfg.Shared = dynamicShared
	// int32: the kernels are extern "C" behind a macro (kernels/prelude.cuh),
	// so the checker cannot see that n is an int.
	if err := kern.Run(cfg, bufs[0], bufs[1], bufs[2], bufs[3], int32(n)); err != nil {
		return nil, fmt.Errorf("on the %s: %w", d.name, err)
	}
	out, err := bufs[3].ToHost()
	if err != nil {
		return nil, fmt.Errorf("on the %s: %w", d.name, err)
	}
	return asUint64(out), nil
}

func asInt64(v []uint64) []int64 {
	out := make([]int64, len(v))
	for i, x := range v {
		out[i] = int64(x)
	}
	return out
}

func asUint64(v []int64) []uint64 {
	out := make([]uint64, len(v))
	for i, x := range v {
		out[i] = uint64(x)
	}
	return out
}
