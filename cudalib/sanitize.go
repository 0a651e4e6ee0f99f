package cudalib

import (
	"errors"
	"fmt"

	"github.com/culab/culab/cudalib/vgpu"

	"github.com/culab/culab/cudalib/internal/seam"
)

// The sanitizer of the virtual GPU, as compute-sanitizer's memcheck,
// racecheck, synccheck and initcheck report on a GPU: out-of-bounds and
// misaligned accesses, shared-memory races, barriers that not every thread
// reaches and reads of memory nothing wrote. A sanitized launch goes on
// past every finding (a bad load reads 0, a bad store is dropped) and
// reports them all; vgpu's sanitizer (sanitize.go there) says exactly what each kind means.

// Finding is one finding of the sanitizer (vgpu.Finding).
type Finding = vgpu.Finding

// SanitizerReport is what a sanitized launch found (vgpu.Report); its
// String is compute-sanitizer-like text.
type SanitizerReport = vgpu.Report

// ErrSanitizerNeedsVirtual is the error of the sanitizer on a GPU device.
var ErrSanitizerNeedsVirtual = errors.New("the sanitizer runs on the virtual GPU: set " + EnvDevice + "=virtual")

// SanitizerError is the error of a launch on a device with SetSanitizer
// on whose sanitizer found something, reported where a kernel's fault
// would be (the next synchronize, copy or Run).
type SanitizerError = seam.SanitizerError

// Sanitize runs one launch of the kernel with the sanitizer and waits for
// it: the report (empty when the kernel is clean) and the error Run would
// return for anything else. On a GPU device the launch runs on the
// companion virtual GPU, on copies of the buffers (see onVirtual): the
// GPU's buffers are left as they were, and the copies count as wholly
// written (the GPU keeps no record of which bytes were). The copies
// SanitizeLaunches makes on the virtual GPU keep that record, byte for
// byte.
func (k *Kernel) Sanitize(cfg Config, args ...any) (*SanitizerReport, error) {
	if err := k.usable(); err != nil {
		return nil, err
	}
	if err := checkInterrupt(); err != nil {
		return nil, err
	}
	if _, ok := k.mod.dev.b.(seam.Inspector); !ok {
		return k.sanitizeCopy(cfg, args...)
	}
	return k.sanitized(cfg, args, true)
}

// sanitizeCopy is Sanitize on copies of the buffers, on any device (see
// onVirtual), leaving the errors earlier launches left to be reported as
// usual: a watch's inspection (SanitizeLaunches).
func (k *Kernel) sanitizeCopy(cfg Config, args ...any) (rep *SanitizerReport, err error) {
	cfg.Stream = nil // the virtual GPU runs launches in order; a GPU's stream is not its own
	err = k.onVirtual(cfg, args, func(vk *Kernel, vargs []any) (err error) {
		rep, err = vk.sanitized(cfg, vargs, false)
		return err
	})
	return rep, err
}

// sanitized runs the launch of a kernel of a seam.Inspector (the virtual GPU)
// with the sanitizer; with takeEarlier, an error an earlier launch left is
// returned instead, as its own (Sanitize).
func (k *Kernel) sanitized(cfg Config, args []any, takeEarlier bool) (*SanitizerReport, error) {
	ins, ok := k.mod.dev.b.(seam.Inspector)
	if !ok {
		return nil, fmt.Errorf("%s is not a kernel of the virtual GPU", k.name)
	}
	lc, params, err := k.prepare(cfg, args)
	if err != nil {
		return nil, err
	}
	if takeEarlier {
		if err := k.mod.dev.Synchronize(); err != nil {
			return nil, err
		}
	}
	_, rep, kerr, err := ins.Inspect(k.fn, lc, params.ptrs, true)
	if err != nil {
		return nil, fmt.Errorf("sanitize %s<<<%v, %v>>>: %w", k.name, cfg.Grid, cfg.Block, err)
	}
	if kerr != nil {
		return rep, fmt.Errorf("sanitize %s: %w", k.name, kerr)
	}
	return rep, nil
}

// SanitizeLaunches makes every launch (Launch, Run) of the module's
// kernels sanitize itself first: Kernel.Sanitize checks a copy of it (on
// any device: on a GPU on the companion virtual GPU), and f gets the
// report, empty when the launch is clean (or the error of sanitizing,
// which leaves the launch itself alone); then the launch runs as usual.
// Time's launches are not checked. A nil f stops. f runs on the launching
// goroutine. The notebook's %%cuda --sanitize uses it.
func (m *Module) SanitizeLaunches(f func(*SanitizerReport, error)) {
	watchLaunches(m, "sanitize", -1, (*Kernel).sanitizeCopy, f)
}

// SetSanitizer turns the sanitizer on or off for every later launch on
// the device. With it on, a launch with findings reports a
// *SanitizerError where a fault would be reported. Only the virtual GPU
// has a sanitizer.
func (d *Device) SetSanitizer(on bool) error {
	ins, ok := d.b.(seam.Inspector)
	if !ok {
		return fmt.Errorf("set sanitizer: %w", ErrSanitizerNeedsVirtual)
	}
	ins.SetSanitizer(on)
	return nil
}
