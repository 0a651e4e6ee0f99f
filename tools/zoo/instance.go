package zoo

import (
	"errors"
	"fmt"
	"math/rand/v2"

	"github.com/culab/culab/cudalib"
)

// Instance is one size of a family on a device: its problem's buffers
// allocated there and its kernels loaded.
type Instance struct {
	Family *Family
	N      int
	dev    *cudalib.Device
	mod    *cudalib.Module
	prob   *Problem
	bufs   []cudalib.Buffer
}

// NewInstance compiles the family (NVRTC caches repeats), makes the
// problem of size n from seed and allocates its buffers on dev.
func NewInstance(dev *cudalib.Device, f *Family, n int, seed uint64) (*Instance, error) {
	src, err := f.Source()
	if err != nil {
		return nil, err
	}
	mod, err := dev.CompileNamed(f.File, src)
	if err != nil {
		return nil, fmt.Errorf("%s: %w", f.Key, err)
	}
	prob, err := f.setup(n, rand.New(rand.NewPCG(seed, uint64(n))))
	if err != nil {
		return nil, fmt.Errorf("%s %d: %w", f.Key, n, err)
	}
	in := &Instance{Family: f, N: n, dev: dev, mod: mod, prob: prob}
	for i, host := range prob.Bufs {
		b, err := alloc(dev, host)
		if err != nil {
			in.Free()
			return nil, fmt.Errorf("%s %d: buffer %d: %w", f.Key, n, i, err)
		}
		in.bufs = append(in.bufs, b)
	}
	return in, nil
}

func alloc(dev *cudalib.Device, host any) (cudalib.Buffer, error) {
	switch h := host.(type) {
	case []float32:
		return dev.Float32sFrom(h)
	case []int32:
		return dev.Int32sFrom(h)
	case []uint32:
		return dev.Uint32sFrom(h)
	}
	return nil, fmt.Errorf("buffer of %T: want []float32, []int32 or []uint32", host)
}

// Free releases the instance's buffers.
func (in *Instance) Free() {
	for _, b := range in.bufs {
		b.Free()
	}
	in.bufs = nil
}

// upload copies every buffer's initial contents to the device.
func (in *Instance) upload() error {
	for i, host := range in.prob.Bufs {
		var err error
		switch h := host.(type) {
		case []float32:
			err = in.bufs[i].(*cudalib.Float32s).CopyFrom(h)
		case []int32:
			err = in.bufs[i].(*cudalib.Int32s).CopyFrom(h)
		case []uint32:
			err = in.bufs[i].(*cudalib.Uint32s).CopyFrom(h)
		}
		if err != nil {
			return err
		}
	}
	return nil
}

func (in *Instance) download(i int) (any, error) {
	switch b := in.bufs[i].(type) {
	case *cudalib.Float32s:
		return b.ToHost()
	case *cudalib.Int32s:
		return b.ToHost()
	case *cudalib.Uint32s:
		return b.ToHost()
	}
	return nil, fmt.Errorf("buffer %d of %T", i, in.bufs[i])
}

// launcher resolves a variant's steps into kernels and arguments once.
type launcher struct {
	kernels []*cudalib.Kernel
	cfgs    []cudalib.Config
	args    [][]any
}

func (in *Instance) launcher(v *Variant) (*launcher, error) {
	l := &launcher{}
	for _, s := range v.Steps(in.N) {
		k, err := in.mod.Kernel(s.Kernel)
		if err != nil {
			return nil, fmt.Errorf("%s %s: %w", in.Family.Key, v.Name, err)
		}
		args := make([]any, len(s.Args))
		for i, a := range s.Args {
			if b, ok := a.(Buf); ok {
				if int(b) >= len(in.bufs) {
					return nil, fmt.Errorf("%s %s: %s argument %d: no buffer %d", in.Family.Key, v.Name, s.Kernel, i, b)
				}
				a = in.bufs[b]
			}
			args[i] = a
		}
		l.kernels = append(l.kernels, k)
		l.cfgs = append(l.cfgs, cudalib.Config{Grid: s.Grid, Block: s.Block, Shared: s.Shared})
		l.args = append(l.args, args)
	}
	if len(l.kernels) == 0 {
		return nil, fmt.Errorf("%s %s: no launches at %d", in.Family.Key, v.Name, in.N)
	}
	return l, nil
}

func (l *launcher) launch() error {
	for i, k := range l.kernels {
		if err := k.Launch(l.cfgs[i], l.args[i]...); err != nil {
			return err
		}
	}
	return nil
}

// ErrCheck marks a wrong output (errors.Is), as opposed to a failure to
// run.
var ErrCheck = errors.New("wrong output")

// Check runs the variant once on fresh buffers and checks its outputs
// against the CPU's reference; a wrong output's error wraps ErrCheck.
func (in *Instance) Check(v *Variant) error {
	l, err := in.launcher(v)
	if err != nil {
		return err
	}
	if err := in.upload(); err != nil {
		return err
	}
	if err := l.launch(); err != nil {
		return fmt.Errorf("%s %s at %d: %w", in.Family.Key, v.Name, in.N, err)
	}
	if err := in.dev.Synchronize(); err != nil {
		return fmt.Errorf("%s %s at %d: %w", in.Family.Key, v.Name, in.N, err)
	}
	outs := make([]any, len(in.prob.Outs))
	for i, b := range in.prob.Outs {
		if outs[i], err = in.download(b); err != nil {
			return err
		}
	}
	if err := in.prob.check(v.Name, outs); err != nil {
		return fmt.Errorf("%s %s at %d: %w: %v", in.Family.Key, v.Name, in.N, ErrCheck, err)
	}
	return nil
}

// Time times the variant's launches as one sequence (Device.TimeFunc): a
// measurement on a GPU, the time model's estimate on the virtual GPU. The
// buffers keep what the last run left: every variant's work does not
// depend on its outputs' contents.
func (in *Instance) Time(v *Variant, opts cudalib.TimeOptions) (cudalib.Timing, error) {
	l, err := in.launcher(v)
	if err != nil {
		return cudalib.Timing{}, err
	}
	if len(l.kernels) == 1 {
		return l.kernels[0].TimeWith(opts, l.cfgs[0], l.args[0]...)
	}
	return in.dev.TimeFunc(opts, l.launch)
}
