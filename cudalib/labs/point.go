package labs

import (
	"fmt"

	"github.com/culab/culab/cudalib"
)

// Variant returns the lab's variant of that name.
func (l *Lab) Variant(name string) (Variant, error) {
	vs, err := l.pick([]string{name})
	if err != nil {
		return Variant{}, err
	}
	return vs[0], nil
}

// Launch makes a variant that is not in the lab's table: kernel (a C++
// name; a template instance as "mm_tiled<8>", compiled on first use)
// launched with config(n) at size n and the lab's kernel arguments, as the
// table's single-kernel variants are. An interactive cell makes one for
// each position of its controls (a block size, a tile). It is named name,
// or after its kernel when name is "".
func (l *Lab) Launch(name, kernel string, config func(n int) cudalib.Config) Variant {
	if name == "" {
		name = kernel
	}
	v := Variant{Name: name, Kernels: []string{kernel}, Launch: "chosen by the caller", Note: "made with Lab.Launch"}
	if config != nil {
		v.config = func(g *gpuRun, _ *cudalib.Kernel) (cudalib.Config, error) { return config(g.n), nil }
	}
	return v
}

// RunPoint measures one variant at one size, a point of the lab's sweep,
// as RunWith measures each: fresh inputs (of opts.Seed: the sweep's seed
// gives the sweep's inputs), a checked run on poisoned outputs, then the
// timing (the model's on the virtual GPU). It returns the variant's row.
// The CPU reference is skipped, whatever opts.CPUCap says (the sweep's
// table has it), and opts.Progress hears nothing: a point is one step.
// A failed check or a launch the device refuses is the row's verdict, as
// in RunWith; err is for what stopped the run.
func (l *Lab) RunPoint(dev *cudalib.Device, opts Options, n int, v Variant) (Row, error) {
	// The lab with v as its only variant: RunWith measures it as any other,
	// one mechanism for the sweep and its points.
	one := *l
	one.Variants = []Variant{v}
	opts.CPUCap, opts.Progress = -1, nil
	t, err := one.RunWith(dev, opts, []int{n})
	if len(t.Rows) == 0 {
		if err == nil {
			err = fmt.Errorf("lab %s: variant %q at %s: no row", l.Key, v.Name, l.SizeLabel(n))
		}
		return Row{}, err
	}
	return t.Rows[0], err
}
