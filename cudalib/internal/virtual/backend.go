package cudalib

import (
	"context"
	"errors"
	"fmt"
	"path/filepath"
	"runtime"
	"strings"
	"sync"
	"unsafe"

	"github.com/culab/culab/cudalib/nvrtc"
	"github.com/culab/culab/cudalib/ptx"
	"github.com/culab/culab/cudalib/timemodel"
	"github.com/culab/culab/cudalib/vgpu"
)

// virtualBackend runs kernels on vgpu. A launch runs to its end before it
// returns, but what goes wrong inside a kernel (a fault, the budget, an
// interrupt) is reported as a GPU reports it: at the next synchronize or
// copy, so code written for a GPU sees it in the same place.
type virtualBackend struct {
	limit uint64 // the memory cap asked for; 0: vgpu's default

	mu      sync.Mutex
	g       *vgpu.GPU
	inf     Info
	pending error           // a kernel's error, not yet reported
	rec     *recording      // the work a started timer records (virtualtime.go)
	model   timemodel.Model // times recordings; nil: timemodel.H100
	// sanitize runs every launch with the sanitizer (Device.SetSanitizer).
	sanitize bool
}

func newVirtualBackend(limit uint64) *virtualBackend {
	b := &virtualBackend{limit: limit}
	b.g, b.inf = b.newGPU()
	return b
}

func (b *virtualBackend) newGPU() (*vgpu.GPU, Info) {
	workers := runtime.GOMAXPROCS(0) // goroutines that run a launch's blocks
	g := vgpu.New(vgpu.Config{MemoryLimit: b.limit, Workers: workers})
	_, total := g.MemInfo()
	return g, virtualInfo(total, workers)
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

func (b *virtualBackend) info() Info {
	b.mu.Lock()
	defer b.mu.Unlock()
	return b.inf
}

func (b *virtualBackend) memInfo() (uint64, uint64, error) {
	used, limit := b.gpu().MemInfo()
	return limit - used, limit, nil
}

func (b *virtualBackend) alloc(bytes int) (devPtr, error) {
	p, err := b.gpu().Alloc(bytes)
	return devPtr(p), virtualErr("cuMemAlloc", err)
}

func (b *virtualBackend) free(p devPtr) error {
	return virtualErr("cuMemFree", b.gpu().Free(uint64(p)))
}

func (b *virtualBackend) copyHtoD(dst devPtr, src unsafe.Pointer, n int) error {
	if err := b.takePending(); err != nil {
		return err
	}
	return virtualErr("cuMemcpyHtoD", b.gpu().CopyIn(uint64(dst), unsafe.Slice((*byte)(src), n)))
}

func (b *virtualBackend) copyDtoH(dst unsafe.Pointer, src devPtr, n int) error {
	if err := b.takePending(); err != nil {
		return err
	}
	return virtualErr("cuMemcpyDtoH", b.gpu().CopyOut(unsafe.Slice((*byte)(dst), n), uint64(src)))
}

func (b *virtualBackend) copyDtoD(dst, src devPtr, n int) error {
	if err := b.takePending(); err != nil {
		return err
	}
	b.recordCopy(2 * int64(n))
	return virtualErr("cuMemcpyDtoD", b.gpu().Copy(uint64(dst), uint64(src), n))
}

func (b *virtualBackend) fill(dst devPtr, pattern uint64, size, count int) error {
	if err := b.takePending(); err != nil {
		return err
	}
	b.recordCopy(int64(size) * int64(count))
	return virtualErr("cuMemset", b.gpu().Fill(uint64(dst), pattern, size, count))
}

func (b *virtualBackend) synchronize() error { return b.takePending() }

// reset starts a fresh virtual GPU: every allocation and module is gone,
// as after a GPU's context reset.
func (b *virtualBackend) reset() error {
	g, inf := b.newGPU()
	b.mu.Lock()
	b.g, b.inf, b.pending = g, inf, nil
	b.mu.Unlock()
	return nil
}

func (b *virtualBackend) close() error { return b.reset() }

// virtualErr classifies vgpu's resource and API errors as the CUDA
// backend's are classified, so out-of-memory reads the same on both.
func virtualErr(op string, err error) error {
	var ve *vgpu.Error
	if !errors.As(err, &ve) {
		return err
	}
	if ve.Kind == vgpu.OutOfMemory {
		return &DeviceError{Op: op, Code: 2, Name: "CUDA_ERROR_OUT_OF_MEMORY", Msg: ve.Msg, Kind: KindOutOfMemory}
	}
	return &DeviceError{Op: op, Code: 1, Name: "CUDA_ERROR_INVALID_VALUE", Msg: ve.Msg, Kind: KindInvalid}
}

// compile compiles to PTX for compute_90 (the modelled H100) with line
// information, so that faults name source lines, and loads the parsed PTX.
func (b *virtualBackend) compile(req compileRequest) (moduleImpl, error) {
	lib, err := nvrtc.Load()
	if err != nil {
		return nil, fmt.Errorf("NVRTC (run-time compiler) unavailable: %w", err)
	}
	inf := b.info()
	tgt, err := lib.Target(inf.Major, inf.Minor)
	if err != nil {
		return nil, err
	}
	tgt.CUBIN = false // the interpreter reads PTX
	opts := req.options
	if !hasOption(opts, "-lineinfo") && !hasOption(opts, "--generate-line-info") {
		opts = append([]string{"-lineinfo"}, opts...)
	}
	res, hit, err := compileCache().Compile(lib, nvrtc.Request{
		Name: req.name, Source: req.source, Options: opts, NameExpressions: req.nameExprs, Target: tgt,
	})
	if err != nil {
		return nil, compileErr(err)
	}
	pm, err := ptx.Parse(req.name, []byte(strings.TrimRight(string(res.Image), "\x00")))
	if err != nil {
		return nil, fmt.Errorf("read the PTX NVRTC made (%s): %w", tgt, err)
	}
	m, err := b.gpu().Load(pm)
	if err != nil {
		return nil, fmt.Errorf("load the PTX on the virtual GPU: %w", err)
	}
	return &virtualModule{b: b, m: m, ptx: pm, file: req.name, names: res.Lowered, log: res.Log, hit: hit, arch: tgt.Arch}, nil
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
}

func (m *virtualModule) lowered() map[string]string { return m.names }
func (m *virtualModule) compileLog() string         { return m.log }
func (m *virtualModule) cached() bool               { return m.hit }
func (m *virtualModule) unload() error              { return virtualErr("cuModuleUnload", m.m.Unload()) }

func (m *virtualModule) function(sym string) (functionImpl, error) {
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
	for _, fn := range m.ptx.Funcs {
		if fn.Entry && fn.Name == sym {
			regs = registerEstimate(fn)
		}
	}
	// At least what an empty kernel gets; at most what a thread may have.
	regs = min(max(regs, 2), 255)
	return &virtualFunction{b: m.b, k: k, name: name, file: m.file, arch: m.arch, regs: regs}, nil
}

type virtualFunction struct {
	b    *virtualBackend
	k    *vgpu.Kernel
	name string // the C++ name, for errors
	file string
	arch int
	regs int // registers per thread, estimated (registerEstimate)
}

func (f *virtualFunction) attributes() (Attributes, error) {
	return Attributes{
		Registers:     f.regs,
		StaticShared:  f.k.StaticShared(),
		LocalBytes:    f.k.LocalBytes(),
		MaxThreads:    f.b.info().MaxThreadsPerBlock,
		PTXVersion:    f.arch,
		BinaryVersion: f.arch,
	}, nil
}

func (f *virtualFunction) paramSizes() ([]int, bool) { return f.k.ParamSizes(), true }

// setMaxDynamicShared has nothing to raise: Kernel.checkConfig already
// holds a launch to the opt-in limit the virtual GPU reports.
func (f *virtualFunction) setMaxDynamicShared(int) error { return nil }

func (f *virtualFunction) launch(c launchConfig, params []unsafe.Pointer) error {
	_, err := f.run(c, params)
	return err
}

// run is launch, returning the launch's profile (nil when it was refused
// before it ran; Kernel.Profile reads it). With the device's sanitizer on,
// findings become the pending error (a *SanitizerError).
func (f *virtualFunction) run(c launchConfig, params []unsafe.Pointer) (*vgpu.Profile, error) {
	f.b.mu.Lock()
	san := f.b.sanitize
	f.b.mu.Unlock()
	p, rep, kerr, err := f.exec(c, params, san)
	if err != nil {
		return nil, err
	}
	if rep != nil && !rep.Clean() {
		kerr = &SanitizerError{Report: rep, Err: kerr}
	}
	if kerr != nil {
		f.b.setPending(kerr)
	}
	return p, nil
}

// exec runs the launch (with the sanitizer when san) and records it for
// the timers. kerr is what went wrong in the kernel (a GPU reports it
// later); err is a launch the driver would refuse.
func (f *virtualFunction) exec(c launchConfig, params []unsafe.Pointer, san bool) (p *vgpu.Profile, rep *vgpu.Report, kerr, err error) {
	budget, err := virtualBudget()
	if err != nil {
		return nil, nil, nil, err
	}
	sizes := f.k.ParamSizes()
	if len(params) != len(sizes) {
		return nil, nil, nil, &DeviceError{Op: "cuLaunchKernel", Code: 1, Name: "CUDA_ERROR_INVALID_VALUE",
			Msg: fmt.Sprintf("%d arguments for %d parameters", len(params), len(sizes)), Kind: KindInvalid}
	}
	l := vgpu.Launch{
		Grid:          [3]int{c.grid.X, c.grid.Y, c.grid.Z},
		Block:         [3]int{c.block.X, c.block.Y, c.block.Z},
		DynamicShared: c.shared,
		Params:        make([][]byte, len(params)),
		Budget:        budget,
		Interrupted:   func() bool { return checkInterrupt() != nil },
	}
	for i, p := range params {
		l.Params[i] = unsafe.Slice((*byte)(p), sizes[i])
	}
	// Every launch is profiled: the virtual device times launches from
	// their counters.
	info := &vgpu.Info{Profile: new(vgpu.Profile)}
	if san {
		info.Report = new(vgpu.Report)
	}
	err = f.b.gpu().Run(f.k, l, info)
	var ve *vgpu.Error
	if errors.As(err, &ve) {
		return nil, nil, nil, virtualErr("cuLaunchKernel", err) // refused before it ran, as the driver refuses a launch
	}
	p, rep = info.Profile, info.Report
	f.nameReport(rep)
	threads := c.block.X * max(c.block.Y, 1) * max(c.block.Z, 1)
	f.b.recordLaunch(p, threads, activeBlocks(f.b.info(), f.occupancy(), threads, c.shared))
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
		return fmt.Errorf("%w; %s=%d raises the budget", err, EnvVirtualBudget, 4*le.Budget)
	}
	interruptMu.Lock()
	cause := interruptCtx.Err()
	interruptMu.Unlock()
	if cause == nil {
		cause = context.Canceled
	}
	return fmt.Errorf("interrupted: %w (%w)", err, cause)
}

func (f *virtualFunction) suggestBlock(dynamicShared int) (int, int, error) {
	g, b := suggestBlock(f.b.info(), f.occupancy(), dynamicShared)
	return g, b, nil
}

func (f *virtualFunction) activeBlocksPerSM(block, dynamicShared int) (int, error) {
	return activeBlocks(f.b.info(), f.occupancy(), block, dynamicShared), nil
}

func (f *virtualFunction) occupancy() kernelUse {
	return kernelUse{registers: f.regs, staticShared: f.k.StaticShared()}
}

// Streams: launches run in order, each to its end, so a stream only has a
// pending error to report.
type virtualStream struct{ b *virtualBackend }

func (b *virtualBackend) newStream() (streamImpl, error) { return virtualStream{b}, nil }
func (s virtualStream) synchronize() error               { return s.b.takePending() }
func (s virtualStream) destroy() error                   { return nil }

// The virtual GPU's capabilities beyond the seam (backend.go).
var (
	_ inspector    = (*virtualBackend)(nil)
	_ modeledTimer = (*virtualTimer)(nil)
)

// inspect runs one launch of a kernel of this backend, counted (and
// sanitized with san): the inspector's part of the seam (backend.go).
func (b *virtualBackend) inspect(fn functionImpl, c launchConfig, params []unsafe.Pointer, san bool) (p *vgpu.Profile, rep *vgpu.Report, kerr, err error) {
	vf, ok := fn.(*virtualFunction)
	if !ok || vf.b != b {
		return nil, nil, nil, fmt.Errorf("inspect: not a kernel of this virtual GPU")
	}
	return vf.exec(c, params, san)
}

// setSanitizer sanitizes every later launch, or stops.
func (b *virtualBackend) setSanitizer(on bool) {
	b.mu.Lock()
	b.sanitize = on
	b.mu.Unlock()
}

// aside keeps what follows, until the returned function is called, apart
// from the user's work on the virtual GPU: out of a timer's recording (a
// launch run for inspection, and its copies, are not the work the user
// times), and clear of the error an earlier launch left, which the
// inspection's copies would otherwise take and which stays for the user's
// next synchronize.
func (b *virtualBackend) aside() (restore func()) {
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
