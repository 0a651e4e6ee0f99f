package cudalib

import (
	"cmp"
	"fmt"
	"path/filepath"
	"strings"
	"unsafe"

	"github.com/culab/culab/cudalib/counters"

	"github.com/culab/culab/cudalib/gpus"
	"github.com/culab/culab/cudalib/internal/seam"
	"github.com/culab/culab/cudalib/internal/virtual"
	"github.com/culab/culab/cudalib/sasscount"
	"github.com/culab/culab/cudalib/vgpu"
)

// Profile is one launch counted on the virtual GPU: its counters in total
// and per CUDA source line (Nsight Compute's definitions, vgpu's
// COUNTERS.md), with the module's source, so that a view can print each
// line beside its figures. It wraps vgpu's profile with what only cudalib
// knows: the source and where the launch ran.
type Profile struct {
	Kernel      string // the C++ name
	Grid, Block Dim3
	Shared      int // dynamic shared memory, bytes
	Total       Counters
	// Lines are the counters of the instructions of each source line
	// (from the PTX's .loc), sorted by file and line; lines that ran no
	// instruction are absent.
	Lines []LineCounters
	// File is the module's name and Source its CUDA source: a line of
	// Lines whose File is File (SourceFile says) is line Line of Source.
	// A %%cuda cell's source keeps the %%cuda line blank, so these are the
	// cell's own line numbers.
	File, Source string
	// Companion says the launch was counted on the companion virtual GPU
	// of a GPU device (Kernel.Profile says how), not on the device itself.
	Companion bool
	// Sample, when the launch was sampled (Sample.Sampled), says which
	// blocks ran and how far the counters were scaled; nil when every
	// block ran.
	Sample *VirtualSample
	// SASS is what the GPU runs, counted for this launch: the module
	// compiled to the modelled GPU's SASS beside the PTX the virtual GPU
	// ran (NVRTC 13 and nvdisasm, scripts/setup-cudatools.sh), each SASS
	// instruction's warp-instructions estimated per basic block from the
	// PTX's, with their pipes, memory accesses and, per source line, the
	// SASS and PTX it became. Total and Lines stay the PTX run's. Nil
	// where the tools are missing or the kernel is beyond the estimate:
	// Counting says why.
	SASS *SASSCounts
	// Counting says how the profile counts instructions: "SASS
	// instructions (...)" or "PTX instructions (why not SASS)".
	Counting string
}

// SASSCounts are a launch's SASS, counted (package sasscount); SASSLine
// one source line's SASS and PTX, SASSPTXInstr a PTX instruction of it.
type (
	SASSCounts   = sasscount.Launch
	SASSLine     = sasscount.Line
	SASSPTXInstr = sasscount.PTXInstr
)

// LineCounters are the counters of one source line.
type LineCounters = counters.Line

// SourceFile reports whether a line's file is the module's source (NVRTC
// writes the name it was given, or makes it absolute); headers are not.
func (p *Profile) SourceFile(file string) bool {
	return file == p.File || filepath.Base(file) == filepath.Base(p.File)
}

// SourceLines is Source split into lines: SourceLines()[n-1] is line n.
func (p *Profile) SourceLines() []string {
	return strings.Split(strings.ReplaceAll(p.Source, "\r\n", "\n"), "\n")
}

// Line returns the counters of line n of the module's source (zero when it
// ran no instruction).
func (p *Profile) Line(n int) Counters {
	var c Counters
	for i := range p.Lines {
		if p.Lines[i].Line == n && p.SourceFile(p.Lines[i].File) {
			c.Add(&p.Lines[i].Counters)
		}
	}
	return c
}

// Profile runs one launch of the kernel on the virtual GPU, counting it,
// and returns its profile. It never changes the arguments' buffers: the
// launch runs on copies of them (onVirtual). On a GPU device the launch
// runs on the companion virtual GPU, with the same source compiled there,
// so a profile needs no profiler and no GPU time. A fault or the budget's
// end inside the kernel is returned with the profile of what ran.
func (k *Kernel) Profile(cfg Config, args ...any) (*Profile, error) {
	if err := k.usable(); err != nil {
		return nil, err
	}
	cfg.Stream = nil // the virtual GPU runs launches in order; a GPU's stream is not its own
	var prof *Profile
	err := k.onVirtual(cfg, args, func(vk *Kernel, vargs []any) error {
		lc, params, err := vk.prepare(cfg, vargs)
		if err != nil {
			return err
		}
		ins, ok := vk.mod.dev.b.(seam.Inspector)
		if !ok {
			return fmt.Errorf("%s is not a kernel of the virtual GPU", vk.name)
		}
		// inspect, not launch: a fault of this launch is returned here, and
		// one an earlier launch left stays for the user's next synchronize.
		p, _, kerr, err := ins.Inspect(vk.fn, lc, params.ptrs, false)
		if p != nil {
			prof = &Profile{
				Kernel: k.name, Grid: cfg.Grid.norm(), Block: cfg.Block.norm(), Shared: cfg.Shared,
				Total: p.Total, Lines: p.Lines, File: k.mod.name, Source: k.mod.source,
				Companion: vk != k, Sample: p.Sample,
			}
			prof.SASS, prof.Counting = countSASS(vk, p)
		}
		if err != nil {
			return err
		}
		return kerr
	})
	if err != nil {
		return prof, fmt.Errorf("profile %s<<<%v, %v>>>: %w", k.name, cfg.Grid, cfg.Block, err)
	}
	return prof, nil
}

// countSASS counts the SASS of vk's launch profiled as p where its
// backend can, and says how the profile counts instructions.
func countSASS(vk *Kernel, p *vgpu.Profile) (*SASSCounts, string) {
	sc, ok := vk.mod.dev.b.(seam.SASSCounter)
	if !ok {
		return nil, "PTX instructions"
	}
	on, how := virtual.SASSCounting(vk.mod.dev.info.Major*10 + vk.mod.dev.info.Minor)
	if !on {
		return nil, how
	}
	s, err := sc.CountSASS(vk.fn, p)
	if err != nil {
		return nil, "PTX instructions (no SASS: " + err.Error() + ")"
	}
	return s, how
}

// onVirtual calls run with this kernel on a backend that inspects launches
// (a seam.Inspector: the virtual GPU) and the arguments
// with every Buffer replaced by a copy on that GPU, made before run and
// freed after it: what run's launch writes lands in the copies, never in
// the caller's buffers. On the virtual GPU vk is k itself; on a GPU device
// it is k compiled from the same source and options on the companion
// virtual GPU (the process's one virtual GPU, opened on first use; the
// module stays loaded there, so profiling the same source again finds it
// instead of compiling).
// Scalars pass through. A timer recording on the virtual GPU does not see
// what runs here, nor does it take an error an earlier launch left there. It is the one way to run a launch for inspection
// (Profile; a sanitizer's checked launch): counted, checked, and without
// side effects on the user's data or times.
func (k *Kernel) onVirtual(cfg Config, args []any, run func(vk *Kernel, vargs []any) error) error {
	if err := k.checkConfig(cfg); err != nil {
		return err // said as the device's own launch would say it
	}
	vk := k
	ins, ok := k.mod.dev.b.(seam.Inspector)
	if !ok {
		// The GPU's own model where there is one (a T4's limits and
		// sm_75), else the H100's.
		model, _ := gpus.ByDeviceName(k.mod.dev.info.Name)
		vdev, _, err := openVirtual(cmp.Or(model, gpus.H100))
		if err != nil {
			return fmt.Errorf("the companion virtual GPU: %w", err)
		}
		m, err := vdev.CompileNamed(k.mod.name, k.mod.source, k.mod.options...)
		if err != nil {
			return fmt.Errorf("compile %s on the companion virtual GPU: %w", k.mod.name, err)
		}
		if vk, err = m.Kernel(k.name); err != nil {
			return fmt.Errorf("the companion virtual GPU: %w", err)
		}
		if ins, ok = vdev.b.(seam.Inspector); !ok {
			return fmt.Errorf("the companion virtual GPU cannot inspect launches")
		}
	}
	defer ins.Aside()()
	// The module's variables (a filter's __constant__ coefficients, a
	// __device__ counter) as the user's launch sees them, and as they were
	// after: a kernel that counts must not count the inspection.
	if mv, ok := vk.fn.(seam.ModuleVariables); ok {
		defer mv.SaveVariables()()
		if vk != k {
			if err := k.copyVariables(vk, mv.Variables()); err != nil {
				return fmt.Errorf("copy the module's variables to the companion virtual GPU: %w", err)
			}
		}
	}
	vargs := make([]any, len(args))
	// One copy per buffer, however many arguments name it: a kernel that
	// reads through one parameter what it writes through another must see
	// the same memory, as in the real launch.
	copies := map[*devMem]*devMem{}
	defer func() {
		for _, m := range copies {
			m.Free()
		}
	}()
	for i, a := range args {
		b, ok := a.(Buffer)
		if !ok || isNilBuffer(b) {
			vargs[i] = a // marshal says what is wrong with a nil buffer
			continue
		}
		c := copies[b.mem()]
		if c == nil {
			var err error
			if c, err = copyBuffer(vk.mod.dev, b.mem()); err != nil {
				return fmt.Errorf("argument %d: copy to the virtual GPU: %w", i+1, err)
			}
			copies[b.mem()] = c
		}
		vargs[i] = copiedBuffer{c}
	}
	return run(vk, vargs)
}

// copyVariables copies the named variables of k's module image to those
// of vk's, on another device, through the host. A variable one image
// lacks (the compiler dropped it from one) is left alone.
func (k *Kernel) copyVariables(vk *Kernel, names []string) error {
	src, err := k.mod.imageFor(k.name)
	if err != nil {
		return err
	}
	dst, err := vk.mod.imageFor(vk.name)
	if err != nil {
		return err
	}
	for _, name := range names {
		if _, err := copyVariable(k.mod.dev, src, vk.mod.dev, dst, name); err != nil {
			return fmt.Errorf("variable %s: %w", name, err)
		}
	}
	return nil
}

// copyBuffer makes a copy of src on dev: through the host between two
// devices, on the device within one.
func copyBuffer(dev *Device, src *devMem) (*devMem, error) {
	p, err := src.live()
	if err != nil {
		return nil, err
	}
	c, err := dev.allocMem(src.n, src.elemSize, src.elemName)
	if err != nil || src.n == 0 {
		return c, err
	}
	if src.dev == dev {
		err = dev.b.CopyDtoD(c.ptr, p, src.Bytes())
	} else {
		host := make([]byte, src.Bytes())
		if err = src.dev.b.CopyDtoH(unsafe.Pointer(&host[0]), p, len(host)); err == nil {
			err = dev.b.CopyHtoD(c.ptr, unsafe.Pointer(&host[0]), len(host))
		}
	}
	if err != nil {
		c.Free()
		return nil, err
	}
	return c, nil
}

// copiedBuffer is a buffer onVirtual made: it passes as its element type.
type copiedBuffer struct{ m *devMem }

func (b copiedBuffer) Len() int     { return b.m.Len() }
func (b copiedBuffer) Bytes() int   { return b.m.Bytes() }
func (b copiedBuffer) Free() error  { return b.m.Free() }
func (b copiedBuffer) mem() *devMem { return b.m }

// ProfileLaunches makes the next n launches (Launch, Run) of each of the
// module's kernels profile themselves: before the launch, Kernel.Profile
// counts a copy of it on the virtual GPU, and f gets the profile (or the
// error of profiling, which leaves the launch itself alone); then the
// launch runs as usual. Time's launches are not profiled. n ≤ 0 stops.
// f runs on the launching goroutine. The notebook's %%cuda --profile uses
// it.
func (m *Module) ProfileLaunches(n int, f func(*Profile, error)) {
	if n <= 0 {
		f = nil
	}
	watchLaunches(m, "profile", n, (*Kernel).Profile, f)
}
