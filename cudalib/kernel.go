package cudalib

import (
	"errors"
	"fmt"
	"reflect"
	"slices"
	"strings"
	"sync"
	"unsafe"

	"github.com/culab/culab/cudalib/internal/seam"
)

// Dim3 is a grid or block shape. A zero Y or Z counts as 1, so Dim3{X: 256}
// is 256×1×1.
type Dim3 struct{ X, Y, Z int }

// D1, D2 and D3 build shapes of one, two and three dimensions.
func D1(x int) Dim3       { return Dim3{x, 1, 1} }
func D2(x, y int) Dim3    { return Dim3{x, y, 1} }
func D3(x, y, z int) Dim3 { return Dim3{x, y, z} }

func (d Dim3) norm() Dim3 {
	if d.Y == 0 {
		d.Y = 1
	}
	if d.Z == 0 {
		d.Z = 1
	}
	return d
}

// dims is the shape as the seam takes it, every dimension at least 1.
func (d Dim3) dims() [3]int { d = d.norm(); return [3]int{d.X, d.Y, d.Z} }

// Count is X·Y·Z.
func (d Dim3) Count() int { d = d.norm(); return d.X * d.Y * d.Z }

func (d Dim3) String() string { d = d.norm(); return fmt.Sprintf("(%d,%d,%d)", d.X, d.Y, d.Z) }

// Config is a launch configuration: <<<Grid, Block, Shared, Stream>>>.
type Config struct {
	Grid, Block Dim3
	Shared      int     // dynamic shared memory in bytes
	Stream      *Stream // nil: the default stream
}

// Linear covers n elements with 1D blocks of the given size:
// grid = ceil(n / block).
func Linear(n, block int) Config {
	if block <= 0 || n <= 0 {
		return Config{Grid: D1(0), Block: D1(block)}
	}
	// Not (n+block-1)/block: that overflows to a negative grid near MaxInt.
	return Config{Grid: D1((n-1)/block + 1), Block: D1(block)}
}

// Kernel is a __global__ function of a loaded module: the RawKernel of CuPy.
type Kernel struct {
	mod        *Module
	name       string
	fn         seam.Function
	decl       *kernelDecl // as the compiler saw it (compiledDecl); nil when unknown
	types      []cType     // decl's parameter types (a pointer's: its element type)
	attrs      Attributes
	sizes      []int
	sizesKnown bool

	mu        sync.Mutex
	maxShared int // dynamic shared memory the function is opted in to
}

// Name is the kernel's C++ name.
func (k *Kernel) Name() string { return k.name }

// String is the kernel's declaration and where it was compiled, so that
// printing one says what it is: "kernel scale(float* x, float a, int n)
// of In[3].cu".
func (k *Kernel) String() string {
	if k == nil {
		return "cudalib.Kernel(nil)"
	}
	params := "…"
	if k.decl != nil {
		params = strings.Join(k.Params(), ", ")
	}
	return fmt.Sprintf("kernel %s(%s) of %s", k.name, params, k.mod.name)
}

// Attributes reports registers, shared and local memory, max threads.
func (k *Kernel) Attributes() Attributes { return k.attrs }

// Params lists the parameters as the compiler saw them (after macros,
// typedefs and template arguments), with their names where the source's
// declaration reads the same; nil when unknown.
func (k *Kernel) Params() []string {
	if k.decl == nil {
		return nil
	}
	var out []string
	for _, p := range k.decl.params {
		out = append(out, p.text)
	}
	return out
}

// Launch enqueues the kernel; it returns before the kernel finishes, as a
// CUDA <<<>>> launch does. A configuration or argument the kernel cannot
// take is refused with a *LaunchError before anything reaches the device.
// What the driver itself reports for the launch, and faults inside the
// kernel, surface at the next call on the device (Run waits and reports
// them against this launch).
func (k *Kernel) Launch(cfg Config, args ...any) error {
	if err := k.usable(); err != nil {
		return err
	}
	if err := checkInterrupt(); err != nil {
		return err
	}
	k.watched(cfg, args) // Module.ProfileLaunches, SanitizeLaunches (watch.go)
	lc, params, err := k.prepare(cfg, args)
	if err != nil {
		return err
	}
	err = k.fn.Launch(lc, params.ptrs)
	argBlocks.Put(params) // every backend has copied the values when launch returns
	if err != nil {
		return fmt.Errorf("launch %s<<<%v, %v>>>: %w", k.name, cfg.Grid, cfg.Block, err)
	}
	return nil
}

// Run launches the kernel and waits for it, so that a fault is reported
// against this launch.
func (k *Kernel) Run(cfg Config, args ...any) error {
	if err := k.Launch(cfg, args...); err != nil {
		return err
	}
	if err := k.mod.dev.Synchronize(); err != nil {
		return fmt.Errorf("run %s: %w", k.name, err)
	}
	return nil
}

// errNilKernel is what a nil or zero Kernel does: one whose lookup
// failed, its error unread (k, _ := nb.Kernel("typo")).
var errNilKernel = errors.New("nil kernel (was it found? check the error of nb.Kernel or Module.Kernel)")

func (k *Kernel) usable() error {
	if k == nil || k.mod == nil {
		return errNilKernel
	}
	return nil
}

func (k *Kernel) refuse(format string, v ...any) error {
	return &LaunchError{Kernel: k.name, Reason: fmt.Sprintf(format, v...)}
}

// prepare validates a launch and marshals its arguments.
func (k *Kernel) prepare(cfg Config, args []any) (seam.LaunchConfig, *argBlock, error) {
	d := k.mod.dev
	if k.mod.gen != d.generation() {
		return seam.LaunchConfig{}, nil, k.refuse("the module was loaded before dev.Reset() or dev.Close(); compile it again")
	}
	if err := k.checkConfig(cfg); err != nil {
		return seam.LaunchConfig{}, nil, err
	}
	if err := k.optInShared(cfg.Shared); err != nil {
		return seam.LaunchConfig{}, nil, err
	}
	params, err := k.marshal(args)
	if err != nil {
		return seam.LaunchConfig{}, nil, err
	}
	lc := seam.LaunchConfig{Grid: cfg.Grid.dims(), Block: cfg.Block.dims(), Shared: cfg.Shared}
	if cfg.Stream != nil {
		if lc.Stream, err = cfg.Stream.live(); err != nil {
			return seam.LaunchConfig{}, nil, k.refuse("%v", err)
		}
		if cfg.Stream.dev != d {
			return seam.LaunchConfig{}, nil, k.refuse("the stream belongs to another device than the kernel's (%v)", d)
		}
	}
	return lc, params, nil
}

func (k *Kernel) checkConfig(cfg Config) error {
	info := k.mod.dev.info
	g, b := cfg.Grid.norm(), cfg.Block.norm()
	for i, v := range [3]int{b.X, b.Y, b.Z} {
		if v < 1 || v > info.MaxBlockDim[i] {
			return k.refuse("block %v: dimension %c is %d; it must be 1…%d", b, "xyz"[i], v, info.MaxBlockDim[i])
		}
	}
	for i, v := range [3]int{g.X, g.Y, g.Z} {
		if v < 1 || v > info.MaxGridDim[i] {
			return k.refuse("grid %v: dimension %c is %d; it must be 1…%d", g, "xyz"[i], v, info.MaxGridDim[i])
		}
	}
	limit := info.MaxThreadsPerBlock
	if k.attrs.MaxThreads > 0 && k.attrs.MaxThreads < limit {
		limit = k.attrs.MaxThreads
	}
	if n := b.Count(); n > limit {
		return k.refuse("block %v has %d threads; this kernel can launch at most %d per block (device max %d, %d registers per thread)",
			b, n, limit, info.MaxThreadsPerBlock, k.attrs.Registers)
	}
	if cfg.Shared < 0 {
		return k.refuse("negative dynamic shared memory (%d bytes)", cfg.Shared)
	}
	if total := cfg.Shared + k.attrs.StaticShared; total > info.SharedPerBlockOptin {
		return k.refuse("needs %d bytes of shared memory per block (%d dynamic + %d static); the device allows at most %d",
			total, cfg.Shared, k.attrs.StaticShared, info.SharedPerBlockOptin)
	}
	return nil
}

// optInShared raises the kernel's dynamic shared memory limit when a launch
// asks for more than the default 48 KB window.
func (k *Kernel) optInShared(bytes int) error {
	if bytes+k.attrs.StaticShared <= k.mod.dev.info.SharedPerBlock {
		return nil
	}
	k.mu.Lock()
	defer k.mu.Unlock()
	if bytes <= k.maxShared {
		return nil
	}
	if err := k.fn.SetMaxDynamicShared(bytes); err != nil {
		return fmt.Errorf("launch %s: allow %d bytes of dynamic shared memory: %w", k.name, bytes, err)
	}
	k.maxShared = bytes
	return nil
}

// argBlock holds marshalled argument values and the pointer array the
// driver reads; ptrs point into data, so holding ptrs holds both.
type argBlock struct {
	data []uint64 // 8-byte slots: every kernel argument here is ≤ 8 bytes
	ptrs []unsafe.Pointer
}

// argBlocks recycles Launch's argument blocks: a sequence of small
// launches is paced by the host's work per launch.
var argBlocks = sync.Pool{New: func() any { return new(argBlock) }}

func (k *Kernel) marshal(args []any) (*argBlock, error) {
	switch {
	case k.sizesKnown && len(args) != len(k.sizes):
		return nil, k.refuse("%d arguments given; the kernel takes %d%s", len(args), len(k.sizes), k.signature())
	case !k.sizesKnown && k.decl != nil && len(args) != len(k.decl.params):
		return nil, k.refuse("%d arguments given; the kernel takes %d%s", len(args), len(k.decl.params), k.signature())
	}
	a := argBlocks.Get().(*argBlock)
	a.data = slices.Grow(a.data[:0], len(args))[:len(args)]
	a.ptrs = slices.Grow(a.ptrs[:0], len(args))[:len(args)]
	for i, arg := range args {
		bits, err := k.argument(i, arg)
		if err != nil {
			argBlocks.Put(a)
			return nil, err
		}
		a.data[i] = bits
		a.ptrs[i] = unsafe.Pointer(&a.data[i])
	}
	return a, nil
}

// argument converts the i-th argument to its parameter's C type
// (args.go), and checks its size against the compiled function's.
func (k *Kernel) argument(i int, arg any) (uint64, error) {
	var p *paramDecl
	t := cType{kind: cOpaque}
	compiled := false
	if k.decl != nil {
		p, t, compiled = &k.decl.params[i], k.types[i], k.decl.compiled
	}
	a, err := goArgOf(arg)
	if err == nil && a.kind == argBuffer {
		err = a.buf.mem().on(k.mod.dev)
	}
	if err != nil && p != nil && !p.pointer && isHostArray(arg) {
		// goArgOf's advice (copy it into a buffer) is for pointer
		// parameters; this one takes a value.
		err = fmt.Errorf("%s takes one value, got Go %T", t.name, arg)
		if t.kind == cNoGo {
			err = fmt.Errorf("%w; Go has no %s values: declare the kernel's parameters as types Go has (float, double, int...) and convert in the kernel", err, t.name)
		}
	}
	if err != nil {
		return 0, k.refuse("argument %d%s: %v", i+1, paramName(p), err)
	}
	bits, size, err := convertArg(a, p, t, compiled)
	if err != nil {
		return 0, k.refuse("argument %d%s: %v", i+1, paramName(p), err)
	}
	if k.sizesKnown && k.sizes[i] != size {
		what := t.name
		if t.kind == cOpaque || a.kind == argBuffer {
			what = a.typ
		}
		return 0, k.refuse("argument %d%s: %s is %d bytes; the kernel's parameter is %d bytes", i+1, paramName(p), what, size, k.sizes[i])
	}
	return bits, nil
}

// isHostArray says whether arg is a Go slice or array.
func isHostArray(arg any) bool {
	k := reflect.ValueOf(arg).Kind()
	return k == reflect.Slice || k == reflect.Array
}

func paramName(p *paramDecl) string {
	if p == nil {
		return ""
	}
	return " (" + p.text + ")"
}

func (k *Kernel) signature() string {
	if k.decl == nil {
		return ""
	}
	sig := ": " + k.name + "(" + joinParams(k.decl.params) + ")"
	if m := k.mod; m != nil {
		for _, d := range m.decls {
			if d.name == k.decl.name && slices.ContainsFunc(d.params, func(p paramDecl) bool { return p.hasDefault }) {
				sig += " (its default arguments are for C++ calls: a launch passes every argument)"
				break
			}
		}
	}
	return sig
}

func joinParams(ps []paramDecl) string {
	s := ""
	for i, p := range ps {
		if i > 0 {
			s += ", "
		}
		s += p.text
	}
	return s
}

// isNilBuffer catches a typed nil (*Float32s)(nil) inside the interface.
func isNilBuffer(b Buffer) bool { return b.mem() == nil }

// Occupancy is what the occupancy API suggests for a kernel.
type Occupancy struct {
	Block   int // threads per block that maximise occupancy
	MinGrid int // the fewest blocks that fill the device at that size
}

// SuggestBlock asks the occupancy API for the block size that maximises
// occupancy with the given dynamic shared memory per block (seed 004).
func (k *Kernel) SuggestBlock(dynamicShared int) (Occupancy, error) {
	if err := k.usable(); err != nil {
		return Occupancy{}, err
	}
	minGrid, block, err := k.fn.SuggestBlock(dynamicShared)
	if err != nil {
		return Occupancy{}, fmt.Errorf("occupancy of %s: %w", k.name, err)
	}
	return Occupancy{Block: block, MinGrid: minGrid}, nil
}

// ActiveBlocksPerSM is how many blocks of the given size fit on one SM.
func (k *Kernel) ActiveBlocksPerSM(block, dynamicShared int) (int, error) {
	if err := k.usable(); err != nil {
		return 0, err
	}
	n, err := k.fn.ActiveBlocksPerSM(block, dynamicShared)
	if err != nil {
		return 0, fmt.Errorf("occupancy of %s with %d threads: %w", k.name, block, err)
	}
	return n, nil
}

// Attributes are a compiled kernel's resource use.
type Attributes = seam.Attributes
