// Package virtual is cudalib's virtual GPU backend: it compiles CUDA C
// with NVRTC to PTX and interprets the PTX on the CPU (package vgpu), as
// one of the GPUs of package gpus (an H100 SXM unless asked otherwise):
// its device query, limits and occupancy, NVRTC's target architecture and
// its time model are that GPU's. An interpreter's wall time says nothing
// of a GPU's: its times are modelled from what it counted (time.go,
// package timemodel), and say so.
package virtual

import (
	"context"
	"errors"
	"fmt"
	"io"
	"math"
	"os"
	"path/filepath"
	"runtime"
	"strconv"
	"strings"
	"sync"
	"unsafe"

	"github.com/culab/culab/cudalib/gpus"
	"github.com/culab/culab/cudalib/internal/seam"
	"github.com/culab/culab/cudalib/nvrtc"
	"github.com/culab/culab/cudalib/ptx"
	"github.com/culab/culab/cudalib/sass"
	"github.com/culab/culab/cudalib/timemodel"
	"github.com/culab/culab/cudalib/vgpu"
	"github.com/culab/culab/cudalib/warpissue"
)

// virtualBackend runs kernels on vgpu. A launch runs to its end before it
// returns, but what goes wrong inside a kernel (a fault, the budget, an
// interrupt) is reported as a GPU reports it: at the next synchronize or
// copy, so code written for a GPU sees it in the same place.
type virtualBackend struct {
	spec  gpus.GPU        // the GPU it models
	own   timemodel.Model // spec's time model
	limit uint64          // the memory cap asked for; 0: vgpu's default
	// cause is why the cell was interrupted, nil while it runs on.
	cause func() error

	mu      sync.Mutex
	g       *vgpu.GPU
	inf     seam.Info
	pending error           // a kernel's error, not yet reported
	rec     *recording      // the work a started timer records (time.go)
	model   timemodel.Model // times recordings; nil: own
	// sanitize runs every launch with the sanitizer (Device.SetSanitizer).
	sanitize bool
	// sampling, when set, replaces CULAB_VIRTUAL_SAMPLE (SetSampling);
	// told are the sampled launch shapes already told of (sample.go).
	sampling *vgpu.Sampling
	told     map[string]bool
	// last is the profile of the last launch the user ran (launches.go).
	last *vgpu.Profile
}

// Name is the name the virtual GPU of the H100, the default, reports in
// Info (NameOf(gpus.H100)).
const Name = "culab virtual GPU (H100 model)"

// NameOf is the name the virtual GPU modelling g reports in Info.
func NameOf(g gpus.GPU) string { return "culab virtual GPU (" + g.Label + " model)" }

// EnvBudget is the most warp-instructions one launch on the virtual GPU
// may execute before it is stopped, read at each launch.
const EnvBudget = "CULAB_VIRTUAL_BUDGET"

// New makes a virtual GPU modelling spec, of limit bytes (0: vgpu's
// default; never more than spec's memory). A launch stops when cause
// returns an error (the context's: a cell's interrupt).
func New(spec gpus.GPU, limit uint64, cause func() error) seam.Backend {
	b := &virtualBackend{spec: spec, own: timemodel.For(spec), limit: limit, cause: cause}
	b.g, b.inf = b.newGPU()
	return b
}

func (b *virtualBackend) newGPU() (*vgpu.GPU, seam.Info) {
	workers := runtime.GOMAXPROCS(0) // goroutines that run a launch's blocks
	limit := b.limit
	if limit == 0 {
		limit = vgpu.DefaultMemoryLimit
	}
	g := vgpu.New(vgpu.Config{MemoryLimit: min(limit, b.spec.DRAMBytes), Workers: workers})
	_, total := g.MemInfo()
	return g, virtualInfo(b.spec, total, workers)
}

func (b *virtualBackend) gpu() *vgpu.GPU {
	b.mu.Lock()
	defer b.mu.Unlock()
	return b.g
}

// takePending returns the error a kernel left and forgets it: the device
// stays usable after a fault.
func (b *virtualBackend) takePending() error {
	b.mu.Lock()
	defer b.mu.Unlock()
	err := b.pending
	b.pending = nil
	return err
}

func (b *virtualBackend) setPending(err error) {
	b.mu.Lock()
	defer b.mu.Unlock()
	if b.pending == nil {
		b.pending = err
	}
}

// Hardware is false: kernels are interpreted on the CPU.
func (b *virtualBackend) Hardware() bool { return false }

func (b *virtualBackend) Info() seam.Info {
	b.mu.Lock()
	defer b.mu.Unlock()
	return b.inf
}

func (b *virtualBackend) MemInfo() (uint64, uint64, error) {
	used, limit := b.gpu().MemInfo()
	return limit - used, limit, nil
}

func (b *virtualBackend) Alloc(bytes int) (seam.DevPtr, error) {
	p, err := b.gpu().Alloc(bytes)
	return seam.DevPtr(p), virtualErr("cuMemAlloc", err)
}

func (b *virtualBackend) Free(p seam.DevPtr) error {
	return virtualErr("cuMemFree", b.gpu().Free(uint64(p)))
}

func (b *virtualBackend) CopyHtoD(dst seam.DevPtr, src unsafe.Pointer, n int) error {
	if err := b.takePending(); err != nil {
		return err
	}
	return virtualErr("cuMemcpyHtoD", b.gpu().CopyIn(uint64(dst), unsafe.Slice((*byte)(src), n)))
}

func (b *virtualBackend) CopyDtoH(dst unsafe.Pointer, src seam.DevPtr, n int) error {
	if err := b.takePending(); err != nil {
		return err
	}
	return virtualErr("cuMemcpyDtoH", b.gpu().CopyOut(unsafe.Slice((*byte)(dst), n), uint64(src)))
}

func (b *virtualBackend) CopyDtoD(dst, src seam.DevPtr, n int) error {
	if err := b.takePending(); err != nil {
		return err
	}
	b.recordCopy(2 * int64(n))
	return virtualErr("cuMemcpyDtoD", b.gpu().Copy(uint64(dst), uint64(src), n))
}

func (b *virtualBackend) Fill(dst seam.DevPtr, pattern uint64, size, count int) error {
	if err := b.takePending(); err != nil {
		return err
	}
	b.recordCopy(int64(size) * int64(count))
	return virtualErr("cuMemset", b.gpu().Fill(uint64(dst), pattern, size, count))
}

func (b *virtualBackend) Discard(p seam.DevPtr, n int) error {
	if err := b.takePending(); err != nil {
		return err
	}
	return virtualErr("discard", b.gpu().Discard(uint64(p), n))
}

func (b *virtualBackend) Written(p seam.DevPtr, n int) ([]vgpu.Span, error) {
	if err := b.takePending(); err != nil {
		return nil, err
	}
	s, err := b.gpu().Written(uint64(p), n)
	return s, virtualErr("written", err)
}

func (b *virtualBackend) MapHost(p unsafe.Pointer, n int) (seam.DevPtr, error) {
	a, err := b.gpu().Map(unsafe.Slice((*byte)(p), n))
	return seam.DevPtr(a), virtualErr("cuMemHostRegister", err)
}

var (
	_ seam.WriteTracker = (*virtualBackend)(nil)
	_ seam.HostMapper   = (*virtualBackend)(nil)
)

func (b *virtualBackend) Synchronize() error { return b.takePending() }

// Reset starts a fresh virtual GPU: every allocation and module is gone,
// as after a GPU's context reset.
func (b *virtualBackend) Reset() error {
	g, inf := b.newGPU()
	b.mu.Lock()
	b.g, b.inf, b.pending = g, inf, nil
	b.mu.Unlock()
	return nil
}

func (b *virtualBackend) Close() error { return b.Reset() }

// virtualErr classifies vgpu's resource and API errors as the CUDA
// backend's are classified, so out-of-memory reads the same on both.
func virtualErr(op string, err error) error {
	var ve *vgpu.Error
	if !errors.As(err, &ve) {
		return err
	}
	if ve.Kind == vgpu.OutOfMemory {
		return &seam.DeviceError{Op: op, Code: 2, Name: "CUDA_ERROR_OUT_OF_MEMORY", Msg: ve.Msg, Kind: seam.KindOutOfMemory}
	}
	return &seam.DeviceError{Op: op, Code: 1, Name: "CUDA_ERROR_INVALID_VALUE", Msg: ve.Msg, Kind: seam.KindInvalid}
}

// Compile compiles to PTX for the modelled GPU's compute capability
// (compute_75 for a T4, compute_90 for an H100) with line information, so
// that faults name source lines, and loads the parsed PTX. What the
// architecture lacks (clusters before sm_90, __reduce_add_sync before
// sm_80…) NVRTC refuses, as for that GPU.
func (b *virtualBackend) Compile(req seam.CompileRequest) (seam.Module, error) {
	lib, err := nvrtc.Load()
	if err != nil {
		return nil, fmt.Errorf("NVRTC (run-time compiler) unavailable: %w", err)
	}
	inf := b.Info()
	tgt, err := lib.Target(inf.Major, inf.Minor)
	if err != nil {
		return nil, err
	}
	tgt.CUBIN = false // the interpreter reads PTX
	opts := req.Options
	if !hasOption(opts, "-lineinfo") && !hasOption(opts, "--generate-line-info") {
		opts = append([]string{"-lineinfo"}, opts...)
	}
	nreq := nvrtc.Request{Name: req.Name, Source: req.Source, Options: opts, NameExpressions: req.NameExprs, Target: tgt, Cancel: req.Cancel}
	res, hit, err := seam.CompileCache().Compile(lib, nreq)
	if err != nil {
		return nil, seam.CompileErr(err)
	}
	pm, err := ptx.Parse(req.Name, []byte(strings.TrimRight(string(res.Image), "\x00")))
	if err != nil {
		return nil, fmt.Errorf("read the PTX NVRTC made (%s): %w", tgt, err)
	}
	m, err := b.gpu().Load(pm)
	if err != nil {
		return nil, fmt.Errorf("load the PTX on the virtual GPU: %w", err)
	}
	if err := staticSharedFits(m, pm, inf.SharedPerBlock); err != nil {
		m.Unload()
		return nil, fmt.Errorf("load module (%s): %w", tgt, err)
	}
	vm := &virtualModule{b: b, m: m, ptx: pm, file: req.Name, names: res.Lowered, log: res.Log, hit: hit, arch: tgt.Arch}
	vm.nvrtc[0], vm.nvrtc[1] = lib.Version()
	nreq.Cancel = nil // the SASS comes at a launch, long after this compile's waiters
	vm.sass = sync.OnceValues(func() (*sass.Program, error) { return compileSASS(nreq) })
	return vm, nil
}

// staticSharedFits refuses a module with a kernel whose static shared
// memory passes the 48 KiB a block may declare statically, as the GPU's
// PTX assembler does when the module loads: only dynamic shared memory
// goes beyond, opted in per kernel. The virtual GPU used to run such a
// kernel, which no GPU loads.
func staticSharedFits(m *vgpu.Module, pm *ptx.Module, most int) error {
	for _, f := range pm.Funcs {
		if !f.Entry || f.Extern {
			continue
		}
		k, err := m.Kernel(f.Name)
		if err != nil || k.StaticShared() <= most {
			continue
		}
		return &seam.DeviceError{Op: "cuModuleLoadDataEx", Code: 218, Name: "CUDA_ERROR_INVALID_PTX", Kind: seam.KindInvalid,
			Msg: fmt.Sprintf("ptxas error: Entry function '%s' uses too much shared data (%#x bytes, %#x max): a block's static __shared__ arrays may hold at most %d KiB; for more, use dynamic shared memory (extern __shared__, and the bytes in Config.Shared)",
				f.Name, k.StaticShared(), most, most>>10)}
	}
	return nil
}

func hasOption(opts []string, o string) bool {
	for _, x := range opts {
		if x == o {
			return true
		}
	}
	return false
}

type virtualModule struct {
	b     *virtualBackend
	m     *vgpu.Module
	ptx   *ptx.Module
	file  string // the source's name
	names map[string]string
	log   string
	hit   bool
	arch  int
	// sass is the module's SASS, compiled on first use (sass.go); nvrtc
	// the version of the NVRTC that made the PTX.
	sass  func() (*sass.Program, error)
	nvrtc [2]int
}

func (m *virtualModule) Lowered() map[string]string { return m.names }
func (m *virtualModule) CompileLog() string         { return m.log }
func (m *virtualModule) Cached() bool               { return m.hit }
func (m *virtualModule) Unload() error              { return virtualErr("cuModuleUnload", m.m.Unload()) }

// blockBound is the most threads a block of fn may have by its
// .maxntid or .reqntid directive (__launch_bounds__, __maxnreg__'s
// companions), or MaxInt where it has none: a GPU refuses a larger block
// (CUDA_ERROR_INVALID_VALUE; cuFuncGetAttribute's
// MAX_THREADS_PER_BLOCK says the bound), so the virtual GPU does too.
func blockBound(fn *ptx.Func) int {
	most := math.MaxInt
	for _, d := range fn.Directives {
		if d.Name != "maxntid" && d.Name != "reqntid" {
			continue
		}
		n := 1
		for _, a := range d.Args {
			v, err := strconv.Atoi(strings.TrimSpace(a))
			if err != nil || v < 1 {
				n = math.MaxInt // a form not understood bounds nothing
				break
			}
			n *= v
		}
		most = min(most, n)
	}
	return most
}

func (m *virtualModule) Function(sym string) (seam.Function, error) {
	k, err := m.m.Kernel(sym)
	if err != nil {
		return nil, err
	}
	name := sym
	for expr, lowered := range m.names {
		if lowered == sym {
			name = expr
		}
	}
	regs := 0
	maxThreads := m.b.Info().MaxThreadsPerBlock
	for _, fn := range m.ptx.Funcs {
		if fn.Entry && fn.Name == sym {
			regs = registerEstimate(fn)
			maxThreads = min(maxThreads, blockBound(fn))
		}
	}
	// At least what an empty kernel gets; at most what a thread may have.
	regs = min(max(regs, 2), m.b.spec.RegsPerThread)
	f := &virtualFunction{b: m.b, mod: m, k: k, name: name, file: m.file, arch: m.arch, regs: regs, maxThreads: maxThreads}
	f.loop = sync.OnceValue(f.hotLoop)
	f.code = sync.OnceValues(f.findCode)
	f.registers = sync.OnceValue(f.ptxasRegisters)
	return f, nil
}

// Global is the variable's allocation on the virtual GPU: an address in
// the space Alloc hands out, so the backend's copies reach it.
func (m *virtualModule) Global(sym string) (seam.DevPtr, int, error) {
	addr, size, err := m.m.Global(sym)
	if err != nil {
		return 0, 0, virtualErr("cuModuleGetGlobal", err)
	}
	return seam.DevPtr(addr), size, nil
}

// Variables lists the variables of the function's module (PTX names).
func (f *virtualFunction) Variables() []string { return f.mod.m.Globals() }

// SaveVariables copies the bytes of the module's variables aside, for
// restore to write back after a launch that must leave no trace.
func (f *virtualFunction) SaveVariables() (restore func()) {
	g := f.b.gpu()
	type saved struct {
		addr uint64
		data []byte
	}
	var keep []saved
	for _, name := range f.mod.m.Globals() {
		addr, size, err := f.mod.m.Global(name)
		if err != nil {
			continue
		}
		data := make([]byte, size)
		if g.CopyOut(data, addr) == nil {
			keep = append(keep, saved{addr, data})
		}
	}
	return func() {
		for _, s := range keep {
			g.CopyIn(s.addr, s.data)
		}
	}
}

var _ seam.ModuleVariables = (*virtualFunction)(nil)

type virtualFunction struct {
	b    *virtualBackend
	mod  *virtualModule
	k    *vgpu.Kernel
	name string // the C++ name, for errors
	file string
	arch int
	regs int // registers per thread, estimated from the PTX (registerEstimate)
	// registers is what occupancy counts: ptxas's where the kernel's SASS
	// is there, else regs (sass.go's ptxasRegisters).
	registers func() int
	// maxThreads is the most threads a block of the kernel may have: the
	// device's, or fewer where __launch_bounds__ says so (blockBound).
	maxThreads int
	// loop is the kernel's hottest SASS loop, looked for on the first
	// launch that needs it (sass.go's hotLoop).
	loop func() *warpissue.Loop
	// code is the kernel's SASS with its PTX function, paired on the first
	// launch (sass.go's findCode).
	code func() (sassCode, error)
}

func (f *virtualFunction) Attributes() (seam.Attributes, error) {
	return seam.Attributes{
		Registers:     f.registers(),
		StaticShared:  f.k.StaticShared(),
		LocalBytes:    f.k.LocalBytes(),
		MaxThreads:    f.maxThreads,
		PTXVersion:    f.arch,
		BinaryVersion: f.arch,
	}, nil
}

func (f *virtualFunction) ParamSizes() ([]int, bool) { return f.k.ParamSizes(), true }

// SetMaxDynamicShared has nothing to raise: Kernel.checkConfig already
// holds a launch to the opt-in limit the virtual GPU reports.
func (f *virtualFunction) SetMaxDynamicShared(int) error { return nil }

func (f *virtualFunction) Launch(c seam.LaunchConfig, params []unsafe.Pointer) error {
	_, err := f.run(c, params)
	return err
}

// run is launch, returning the launch's profile (nil when it was refused
// before it ran; Kernel.Profile reads it). With the device's sanitizer on,
// findings become the pending error (a *SanitizerError).
func (f *virtualFunction) run(c seam.LaunchConfig, params []unsafe.Pointer) (*vgpu.Profile, error) {
	f.b.mu.Lock()
	san := f.b.sanitize
	f.b.mu.Unlock()
	p, rep, kerr, err := f.exec(c, params, san, nil)
	if err != nil {
		return nil, err
	}
	f.b.setLast(p)
	if le := (*vgpu.LimitError)(nil); errors.As(kerr, &le) && le.Interrupted {
		// The launch's own error: pending, it failed a later cell's first
		// synchronize, after the interrupted cell had ended.
		return p, kerr
	}
	if rep != nil && !rep.Clean() {
		kerr = &seam.SanitizerError{Report: rep, Err: kerr}
	}
	if kerr != nil {
		f.b.setPending(kerr)
	}
	return p, nil
}

// exec runs the launch (with the sanitizer when san) and records it for
// the timers; its device printf goes to printf (nil: standard output, as
// on a GPU). kerr is what went wrong in the kernel (a GPU reports it
// later); err is a launch the driver would refuse.
func (f *virtualFunction) exec(c seam.LaunchConfig, params []unsafe.Pointer, san bool, printf io.Writer) (p *vgpu.Profile, rep *vgpu.Report, kerr, err error) {
	budget, err := virtualBudget()
	if err != nil {
		return nil, nil, nil, err
	}
	sizes := f.k.ParamSizes()
	if len(params) != len(sizes) {
		return nil, nil, nil, &seam.DeviceError{Op: "cuLaunchKernel", Code: 1, Name: "CUDA_ERROR_INVALID_VALUE",
			Msg: fmt.Sprintf("%d arguments for %d parameters", len(params), len(sizes)), Kind: seam.KindInvalid}
	}
	sampling, err := f.b.samplingNow()
	if err != nil {
		return nil, nil, nil, err
	}
	l := vgpu.Launch{
		Sampling:      sampling,
		Grid:          c.Grid,
		Block:         c.Block,
		DynamicShared: c.Shared,
		Params:        make([][]byte, len(params)),
		Budget:        budget,
		Interrupted:   func() bool { return f.b.cause() != nil },
		Printf:        printf,
	}
	for i, p := range params {
		l.Params[i] = unsafe.Slice((*byte)(p), sizes[i])
	}
	if shared, most := f.k.StaticShared()+c.Shared, f.b.Info().SharedPerBlockOptin; shared > most {
		// vgpu holds a block to the H100's most; a smaller GPU's is less.
		return nil, nil, nil, &seam.DeviceError{Op: "cuLaunchKernel", Code: 1, Name: "CUDA_ERROR_INVALID_VALUE",
			Msg: fmt.Sprintf("kernel %s: %d bytes of shared memory per block, more than the %s's %d", f.name, shared, f.b.spec.Label, most), Kind: seam.KindInvalid}
	}
	// Every launch is profiled: the virtual device times launches from
	// their counters.
	info := &vgpu.Info{Profile: new(vgpu.Profile)}
	if san {
		info.Report = new(vgpu.Report)
	}
	if cmp := compareHook.Load(); cmp != nil && !san {
		err = f.compare(*cmp, c, l, info)
	} else {
		err = f.b.gpu().Run(f.k, l, info)
	}
	var ve *vgpu.Error
	if errors.As(err, &ve) {
		// vgpu names the kernel by its PTX (mangled) name; the user wrote f.name.
		ve.Msg = strings.Replace(ve.Msg, "kernel "+f.k.Name()+":", "kernel "+f.name+":", 1)
		return nil, nil, nil, virtualErr("cuLaunchKernel", err) // refused before it ran, as the driver refuses a launch
	}
	p, rep = info.Profile, info.Report
	f.countIssued(p)
	f.nameReport(rep)
	f.b.tellSampled(f.name, c, p.Sample)
	threads := c.Block[0] * max(c.Block[1], 1) * max(c.Block[2], 1)
	f.b.recordLaunch(p, f.timedLoop(c), threads, activeBlocks(f.b.spec, f.occupancy(), threads, c.Shared))
	if err != nil {
		kerr = f.kernelErr(err)
	}
	return p, rep, kerr, nil
}

// kernelErr names the kernel and its source as the user wrote them, and
// makes an interrupt read as cudalib's other interrupts do
// (errors.Is(err, context.Canceled)).
func (f *virtualFunction) kernelErr(err error) error {
	var fault *vgpu.Fault
	if errors.As(err, &fault) {
		fault.Kernel = f.name
		if filepath.Base(fault.File) == filepath.Base(f.file) {
			fault.File = f.file // NVRTC made it absolute, from the working directory
		}
	}
	var le *vgpu.LimitError
	if !errors.As(err, &le) {
		return err
	}
	le.Kernel = f.name
	if !le.Interrupted {
		return fmt.Errorf("%w; %s=%d raises the budget", err, EnvBudget, 4*le.Budget)
	}
	cause := f.b.cause()
	if cause == nil {
		cause = context.Canceled
	}
	return fmt.Errorf("interrupted: %w (%w)", err, cause)
}

func (f *virtualFunction) SuggestBlock(dynamicShared int) (int, int, error) {
	g, b := suggestBlock(f.b.spec, f.occupancy(), dynamicShared)
	return g, b, nil
}

func (f *virtualFunction) ActiveBlocksPerSM(block, dynamicShared int) (int, error) {
	return activeBlocks(f.b.spec, f.occupancy(), block, dynamicShared), nil
}

func (f *virtualFunction) occupancy() kernelUse {
	return kernelUse{registers: f.registers(), staticShared: f.k.StaticShared()}
}

// Streams: launches run in order, each to its end, so a stream only has a
// pending error to report.
type virtualStream struct{ b *virtualBackend }

func (b *virtualBackend) NewStream() (seam.Stream, error) { return virtualStream{b}, nil }
func (s virtualStream) Synchronize() error                { return s.b.takePending() }
func (s virtualStream) Destroy() error                    { return nil }

// The virtual GPU's capabilities beyond the seam (package seam).
var (
	_ seam.Inspector    = (*virtualBackend)(nil)
	_ seam.TimeModeler  = (*virtualBackend)(nil)
	_ seam.ModeledTimer = (*virtualTimer)(nil)
)

// Inspect runs one launch of a kernel of this backend, counted (and
// sanitized with san): the Inspector's part of the seam.
func (b *virtualBackend) Inspect(fn seam.Function, c seam.LaunchConfig, params []unsafe.Pointer, san bool) (p *vgpu.Profile, rep *vgpu.Report, kerr, err error) {
	vf, ok := fn.(*virtualFunction)
	if !ok || vf.b != b {
		return nil, nil, nil, fmt.Errorf("inspect: not a kernel of this virtual GPU")
	}
	// The inspection runs on copies and must leave no trace: its printf
	// output would show each line of the user's own launch twice.
	return vf.exec(c, params, san, io.Discard)
}

// SetSanitizer sanitizes every later launch, or stops.
func (b *virtualBackend) SetSanitizer(on bool) {
	b.mu.Lock()
	b.sanitize = on
	b.mu.Unlock()
}

// Aside keeps what follows, until the returned function is called, apart
// from the user's work on the virtual GPU: out of a timer's recording (a
// launch run for inspection, and its copies, are not the work the user
// times), and clear of the error an earlier launch left, which the
// inspection's copies would otherwise take and which stays for the user's
// next synchronize.
func (b *virtualBackend) Aside() (restore func()) {
	b.mu.Lock()
	rec, pending := b.rec, b.pending
	b.rec, b.pending = nil, nil
	b.mu.Unlock()
	return func() {
		b.mu.Lock()
		if b.rec == nil {
			b.rec = rec
		}
		if pending != nil {
			b.pending = pending // it came first
		}
		b.mu.Unlock()
	}
}

// nameReport names the kernel and its source as the user wrote them (see
// kernelErr).
func (f *virtualFunction) nameReport(r *vgpu.Report) {
	if r == nil {
		return
	}
	r.Kernel = f.name
	for i := range r.Findings {
		fd := &r.Findings[i]
		fd.Kernel = f.name
		if filepath.Base(fd.File) == filepath.Base(f.file) {
			fd.File = f.file
		}
		if o := fd.Other; o != nil && filepath.Base(o.File) == filepath.Base(f.file) {
			o.File = f.file
		}
	}
}

// virtualInfo is the device report of g (package gpus: NVIDIA's figures),
// with the virtual memory cap as its memory.
func virtualInfo(g gpus.GPU, memory uint64, workers int) seam.Info {
	return seam.Info{
		Name:                NameOf(g),
		Backend:             fmt.Sprintf("virtual GPU: NVRTC's PTX interpreted on the CPU by %d threads; times modeled (%s model: %s)", workers, g.Label, g.Board),
		Major:               g.Major,
		Minor:               g.Minor,
		SMCount:             g.SMs,
		TotalMem:            memory,
		ConstMem:            64 << 10,
		SharedPerBlock:      g.SharedPerBlock,
		SharedPerBlockOptin: g.SharedPerBlockOptin,
		SharedPerSM:         g.SharedPerSM,
		RegsPerBlock:        g.RegsPerBlock,
		WarpSize:            32,
		MaxThreadsPerBlock:  g.MaxThreadsPerBlock,
		MaxThreadsPerSM:     g.MaxThreadsPerSM(),
		MaxBlockDim:         [3]int{1024, 1024, 64},
		MaxGridDim:          [3]int{1<<31 - 1, 65535, 65535},
		ClockKHz:            g.ClockKHz,
		MemClockKHz:         g.MemClockKHz,
		MemBusWidth:         g.MemBusWidth,
		L2Bytes:             g.L2Bytes,
		MemPitch:            1<<31 - 1,
		TextureAlignment:    512,
		AsyncEngines:        3,
	}
}

// virtualBudget is CULAB_VIRTUAL_BUDGET; 0 (unset) leaves the default to
// vgpu. A bad value is an error of the launch, not silently the default.
func virtualBudget() (int64, error) {
	s := strings.TrimSpace(os.Getenv(EnvBudget))
	if s == "" {
		return 0, nil
	}
	n, err := strconv.ParseFloat(s, 64) // "1e9" reads as well as "1000000000"
	if err != nil || n < 1 || n > 1<<62 {
		return 0, fmt.Errorf("%s=%q: want a positive number of warp-instructions such as 1e9", EnvBudget, s)
	}
	return int64(n), nil
}
