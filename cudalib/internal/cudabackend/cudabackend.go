// Package cudabackend is cudalib's backend on the CUDA driver, in this
// process, with NVRTC for compilation: the GPU worker process serves it,
// and a program without a worker uses it directly.
package cudabackend

import (
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"sync"
	"unsafe"

	"github.com/culab/culab/cudalib/driver"
	"github.com/culab/culab/cudalib/internal/seam"
	"github.com/culab/culab/cudalib/nvrtc"
	"github.com/culab/culab/internal/userdir"
)

// cudaBackend runs on the CUDA driver with NVRTC for compilation.
type cudaBackend struct {
	ctx *driver.Context
	inf seam.Info
}

// Open opens GPU number ordinal on the CUDA driver.
func Open(ordinal int) (seam.Backend, error) {
	n, err := driver.DeviceCount()
	if err != nil {
		return nil, deviceErr(err)
	}
	if n == 0 {
		return nil, &seam.DeviceError{Op: "cuDeviceGetCount", Name: "CUDA_ERROR_NO_DEVICE", Msg: "no CUDA-capable device is detected", Kind: seam.KindUnavailable}
	}
	if ordinal < 0 || ordinal >= n {
		return nil, &seam.DeviceError{Op: "cuDeviceGet", Name: "CUDA_ERROR_INVALID_DEVICE", Msg: fmt.Sprintf("device %d asked for; this machine has %d", ordinal, n), Kind: seam.KindUnavailable}
	}
	d, err := driver.DeviceGet(ordinal)
	if err != nil {
		return nil, deviceErr(err)
	}
	inf, err := ReadInfo(ordinal, d)
	if err != nil {
		return nil, deviceErr(err)
	}
	ctx, err := driver.Retain(d)
	if err != nil {
		return nil, deviceErr(err)
	}
	return &cudaBackend{ctx: ctx, inf: inf}, nil
}

// ReadInfo reads the report of GPU ordinal from the driver.
func ReadInfo(ordinal int, d driver.Device) (seam.Info, error) {
	inf := seam.Info{Ordinal: ordinal}
	var err error
	if inf.Name, err = d.Name(); err != nil {
		return inf, err
	}
	if inf.TotalMem, err = d.TotalMem(); err != nil {
		return inf, err
	}
	if inf.UUID, err = d.UUID(); err != nil {
		return inf, err
	}
	v, _ := driver.DriverVersion()
	inf.Backend = fmt.Sprintf("CUDA driver %d.%d", v/1000, v%1000/10)
	fields := []struct {
		a driver.Attribute
		p *int
	}{
		{driver.AttrComputeCapabilityMajor, &inf.Major},
		{driver.AttrComputeCapabilityMinor, &inf.Minor},
		{driver.AttrMultiprocessorCount, &inf.SMCount},
		{driver.AttrTotalConstantMemory, &inf.ConstMem},
		{driver.AttrMaxSharedPerBlock, &inf.SharedPerBlock},
		{driver.AttrMaxSharedPerBlockOptin, &inf.SharedPerBlockOptin},
		{driver.AttrMaxSharedPerSM, &inf.SharedPerSM},
		{driver.AttrMaxRegistersPerBlock, &inf.RegsPerBlock},
		{driver.AttrWarpSize, &inf.WarpSize},
		{driver.AttrMaxThreadsPerBlock, &inf.MaxThreadsPerBlock},
		{driver.AttrMaxThreadsPerSM, &inf.MaxThreadsPerSM},
		{driver.AttrMaxBlockDimX, &inf.MaxBlockDim[0]},
		{driver.AttrMaxBlockDimY, &inf.MaxBlockDim[1]},
		{driver.AttrMaxBlockDimZ, &inf.MaxBlockDim[2]},
		{driver.AttrMaxGridDimX, &inf.MaxGridDim[0]},
		{driver.AttrMaxGridDimY, &inf.MaxGridDim[1]},
		{driver.AttrMaxGridDimZ, &inf.MaxGridDim[2]},
		{driver.AttrClockRate, &inf.ClockKHz},
		{driver.AttrMemoryClockRate, &inf.MemClockKHz},
		{driver.AttrGlobalMemoryBusWidth, &inf.MemBusWidth},
		{driver.AttrL2CacheSize, &inf.L2Bytes},
		{driver.AttrTextureAlignment, &inf.TextureAlignment},
		{driver.AttrAsyncEngineCount, &inf.AsyncEngines},
	}
	for _, f := range fields {
		// A deprecated attribute (clock rates in CUDA 13) reads as 0
		// rather than failing the whole report.
		*f.p, _ = d.Attribute(f.a)
	}
	pitch, _ := d.Attribute(driver.AttrMaxPitch)
	inf.MemPitch = int64(uint32(pitch))
	if inf.SharedPerBlockOptin < inf.SharedPerBlock {
		inf.SharedPerBlockOptin = inf.SharedPerBlock
	}
	return inf, nil
}

// deviceErr classifies a driver error for callers of the user API.
func deviceErr(err error) error {
	var de *driver.Error
	if !errors.As(err, &de) {
		return err
	}
	kind := seam.KindOther
	switch {
	case de.Unavailable():
		kind = seam.KindUnavailable
	case de.Code == 2:
		kind = seam.KindOutOfMemory
	case de.Code == 700 || de.Code == 702 || (de.Code >= 714 && de.Code <= 719):
		kind = seam.KindFault
	case de.Code == 1 || de.Code == 400 || de.Code == 701:
		kind = seam.KindInvalid
	}
	return &seam.DeviceError{Op: de.Op, Code: de.Code, Name: de.Name, Msg: de.Msg, Kind: kind}
}

func (b *cudaBackend) Info() seam.Info { return b.inf }

// Hardware is true: kernels run on the GPU.
func (b *cudaBackend) Hardware() bool { return true }

func (b *cudaBackend) MemInfo() (uint64, uint64, error) {
	f, t, err := b.ctx.MemInfo()
	return f, t, deviceErr(err)
}

func (b *cudaBackend) Alloc(bytes int) (seam.DevPtr, error) {
	p, err := b.ctx.MemAlloc(bytes)
	return seam.DevPtr(p), deviceErr(err)
}

func (b *cudaBackend) Free(p seam.DevPtr) error { return deviceErr(b.ctx.MemFree(driver.DevicePtr(p))) }

func (b *cudaBackend) CopyHtoD(dst seam.DevPtr, src unsafe.Pointer, n int) error {
	return deviceErr(b.ctx.MemcpyHtoD(driver.DevicePtr(dst), src, n))
}

func (b *cudaBackend) CopyDtoH(dst unsafe.Pointer, src seam.DevPtr, n int) error {
	return deviceErr(b.ctx.MemcpyDtoH(dst, driver.DevicePtr(src), n))
}

func (b *cudaBackend) CopyDtoD(dst, src seam.DevPtr, n int) error {
	return deviceErr(b.ctx.MemcpyDtoD(driver.DevicePtr(dst), driver.DevicePtr(src), n))
}

func (b *cudaBackend) Fill(dst seam.DevPtr, pattern uint64, size, count int) error {
	return deviceErr(b.ctx.Memset(driver.DevicePtr(dst), pattern, size, count))
}

func (b *cudaBackend) Synchronize() error { return deviceErr(b.ctx.Synchronize()) }

func (b *cudaBackend) Reset() error { return deviceErr(b.ctx.Reset()) }
func (b *cudaBackend) Close() error { return deviceErr(b.ctx.Release()) }

// Pin page-locks host memory (the worker's copy stage) so that copies
// through it run by DMA; Unpin releases it.
func (b *cudaBackend) Pin(mem []byte) error {
	return deviceErr(b.ctx.HostRegister(unsafe.Pointer(unsafe.SliceData(mem)), len(mem)))
}

func (b *cudaBackend) Unpin(mem []byte) error {
	return deviceErr(b.ctx.HostUnregister(unsafe.Pointer(unsafe.SliceData(mem))))
}

func (b *cudaBackend) Compile(req seam.CompileRequest) (seam.Module, error) {
	lib, err := nvrtc.Load()
	if err != nil {
		return nil, fmt.Errorf("NVRTC (run-time compiler) unavailable: %w", err)
	}
	tgt, err := lib.Target(b.inf.Major, b.inf.Minor)
	if err != nil {
		return nil, err
	}
	opts, src := req.Options, req.Source
	var lineNote string // why the tools will show no source lines
	if underTool() {
		opts = withLineInfo(opts)
		if s, err := sourceOnDisk(req.Name, src); err != nil {
			lineNote = "culab: compiled with -lineinfo, but NVIDIA's tools will show no source lines: " + err.Error()
		} else {
			src = s
		}
	}
	res, hit, err := seam.CompileCache().Compile(lib, nvrtc.Request{
		Name: req.Name, Source: src, Options: opts, NameExpressions: req.NameExprs, Target: tgt, Cancel: req.Cancel,
	})
	if err != nil {
		return nil, seam.CompileErr(err)
	}
	m, jitLog, err := b.ctx.ModuleLoad(res.Image)
	if err != nil {
		return nil, fmt.Errorf("load module (%s): %w", tgt, deviceErr(err))
	}
	log := res.Log
	for _, l := range []string{jitLog, lineNote} {
		if l != "" {
			log += "\n" + l
		}
	}
	return &cudaModule{b: b, m: m, names: res.Lowered, log: log, hit: hit}, nil
}

// EnvLineInfo, when set, compiles every module for the GPU for NVIDIA's
// tools (ncu, compute-sanitizer): with -lineinfo, from a copy of its
// source on disk that the line info names, so that the tools show the
// kernels' source lines. It is implied when such a tool injected itself
// into this process (toolInjected).
const EnvLineInfo = "CULAB_LINEINFO"

func underTool() bool { return os.Getenv(EnvLineInfo) != "" || toolInjected() }

// toolInjected says whether an NVIDIA tool injected itself into this
// process: the variables ncu's launcher sets (an H100 with ncu 2025.3
// shows no CUDA_INJECTION64_PATH, which older tools set), or a library of
// ncu, compute-sanitizer or nsys mapped here. Asked once, at the first
// compile, after the driver loaded what the tool injects.
var toolInjected = sync.OnceValue(func() bool {
	for _, kv := range os.Environ() {
		if strings.HasPrefix(kv, "CUDA_INJECTION64_PATH=") || strings.HasPrefix(kv, "NV_NSIGHT_INJECTION_") || strings.HasPrefix(kv, "NV_TPS_LAUNCH_TOKEN=") {
			return true
		}
	}
	maps, err := os.ReadFile("/proc/self/maps")
	if err != nil {
		return false
	}
	for _, dir := range []string{"nsight-compute", "compute-sanitizer", "nsight-systems"} {
		if strings.Contains(string(maps), dir) {
			return true
		}
	}
	return false
})

// withLineInfo adds -lineinfo to opts; line info changes no generated
// instruction.
func withLineInfo(opts []string) []string {
	if slices.Contains(opts, "-lineinfo") || slices.Contains(opts, "--generate-line-info") {
		return opts
	}
	return append(slices.Clip(opts), "-lineinfo")
}

// sourceOnDisk writes source to a file named after the module in this
// user's private directory of temporary files (userdir: on a shared
// machine no other user can read, pre-create or redirect it), one folder
// per source, and returns the source with a #line directive naming that
// file: a cell's source ("In[3].cu") or an embedded lab source is nowhere
// on disk for a tool to read.
func sourceOnDisk(name, source string) (string, error) {
	dir, err := userdir.Temp("lineinfo")
	if err != nil {
		return "", err
	}
	base := filepath.Base(name)
	if base == "." || base == ".." || base == string(filepath.Separator) {
		base = "kernel.cu"
	}
	sum := sha256.Sum256([]byte(name + "\x00" + source))
	dir = filepath.Join(dir, hex.EncodeToString(sum[:6]))
	if err := os.MkdirAll(dir, 0o700); err != nil {
		return "", err
	}
	// Written whole under a temporary name and renamed into place, so that
	// a tool reading the file while another process of this user's
	// rewrites it sees the source, never a part of it.
	f, err := os.CreateTemp(dir, ".tmp-*")
	if err != nil {
		return "", err
	}
	_, werr := f.WriteString(source)
	if err := errors.Join(werr, f.Close()); err != nil {
		os.Remove(f.Name())
		return "", err
	}
	path := filepath.Join(dir, base)
	if err := os.Rename(f.Name(), path); err != nil {
		os.Remove(f.Name())
		return "", err
	}
	return fmt.Sprintf("#line 1 %q\n%s", path, source), nil
}

type cudaModule struct {
	b     *cudaBackend
	m     driver.Module
	names map[string]string
	log   string
	hit   bool
}

func (m *cudaModule) Lowered() map[string]string { return m.names }
func (m *cudaModule) CompileLog() string         { return m.log }
func (m *cudaModule) Cached() bool               { return m.hit }
func (m *cudaModule) Unload() error              { return deviceErr(m.b.ctx.ModuleUnload(m.m)) }

func (m *cudaModule) Function(sym string) (seam.Function, error) {
	f, err := m.b.ctx.ModuleFunction(m.m, sym)
	if err != nil {
		return nil, deviceErr(err)
	}
	return &cudaFunction{ctx: m.b.ctx, f: f}, nil
}

func (m *cudaModule) Global(sym string) (seam.DevPtr, int, error) {
	p, size, err := m.b.ctx.ModuleGlobal(m.m, sym)
	if err != nil {
		return 0, 0, deviceErr(err)
	}
	return seam.DevPtr(p), size, nil
}

// cudaFunction is one CUfunction. Its attributes and parameter sizes never
// change, so they are read once: each read is a driver call on the worker's
// thread, and re-reading them made a compile-cache hit cost several times
// CuPy's.
type cudaFunction struct {
	ctx *driver.Context
	f   driver.Function

	attrsOnce  sync.Once
	attrs      seam.Attributes
	attrsErr   error
	sizesOnce  sync.Once
	sizes      []int
	sizesKnown bool
}

func (f *cudaFunction) Attributes() (seam.Attributes, error) {
	f.attrsOnce.Do(func() { f.attrs, f.attrsErr = f.readAttributes() })
	return f.attrs, f.attrsErr
}

func (f *cudaFunction) readAttributes() (seam.Attributes, error) {
	var a seam.Attributes
	for _, x := range []struct {
		attr driver.FuncAttribute
		p    *int
	}{
		{driver.FuncNumRegs, &a.Registers},
		{driver.FuncSharedSizeBytes, &a.StaticShared},
		{driver.FuncLocalSizeBytes, &a.LocalBytes},
		{driver.FuncConstSizeBytes, &a.ConstBytes},
		{driver.FuncMaxThreadsPerBlock, &a.MaxThreads},
		{driver.FuncPTXVersion, &a.PTXVersion},
		{driver.FuncBinaryVersion, &a.BinaryVersion},
	} {
		v, err := f.ctx.FuncGetAttribute(f.f, x.attr)
		if err != nil {
			return a, deviceErr(err)
		}
		*x.p = v
	}
	return a, nil
}

func (f *cudaFunction) ParamSizes() ([]int, bool) {
	f.sizesOnce.Do(func() { f.sizes, f.sizesKnown = f.ctx.FuncParamSizes(f.f) })
	return f.sizes, f.sizesKnown
}

func (f *cudaFunction) SetMaxDynamicShared(bytes int) error {
	return deviceErr(f.ctx.FuncSetAttribute(f.f, driver.FuncMaxDynamicShared, bytes))
}

func (f *cudaFunction) Launch(c seam.LaunchConfig, params []unsafe.Pointer) error {
	grid, block, _ := launchArgs(c, params)
	f.ctx.Launch(f.f, grid, block, uint32(c.Shared), streamOf(c.Stream), params)
	return nil
}

func (f *cudaFunction) LaunchTimed(c seam.LaunchConfig, params []unsafe.Pointer, t seam.Timer) error {
	grid, block, p := launchArgs(c, params)
	ct := t.(*cudaTimer)
	return deviceErr(f.ctx.LaunchTimed(f.f, grid, block, uint32(c.Shared), streamOf(c.Stream), p, ct.evStart, ct.evEnd))
}

func launchArgs(c seam.LaunchConfig, params []unsafe.Pointer) (grid, block [3]uint32, p unsafe.Pointer) {
	if len(params) > 0 {
		p = unsafe.Pointer(&params[0])
	}
	grid = [3]uint32{uint32(c.Grid[0]), uint32(c.Grid[1]), uint32(c.Grid[2])}
	block = [3]uint32{uint32(c.Block[0]), uint32(c.Block[1]), uint32(c.Block[2])}
	return grid, block, p
}

func (f *cudaFunction) SuggestBlock(dynamicShared int) (int, int, error) {
	g, b, err := f.ctx.OccupancyMaxPotentialBlockSize(f.f, dynamicShared)
	return g, b, deviceErr(err)
}

func (f *cudaFunction) ActiveBlocksPerSM(block, dynamicShared int) (int, error) {
	n, err := f.ctx.OccupancyMaxActiveBlocks(f.f, block, dynamicShared)
	return n, deviceErr(err)
}

type cudaStream struct {
	ctx *driver.Context
	s   driver.Stream
}

func (b *cudaBackend) NewStream() (seam.Stream, error) {
	s, err := b.ctx.StreamCreate()
	if err != nil {
		return nil, deviceErr(err)
	}
	return &cudaStream{ctx: b.ctx, s: s}, nil
}

func (s *cudaStream) Synchronize() error { return deviceErr(s.ctx.StreamSynchronize(s.s)) }
func (s *cudaStream) Destroy() error     { return deviceErr(s.ctx.StreamDestroy(s.s)) }

type cudaTimer struct {
	ctx            *driver.Context
	evStart, evEnd driver.Event
	open           bool // between Start and Stop: the context batches
}

func (b *cudaBackend) NewTimer() (seam.Timer, error) {
	t := &cudaTimer{ctx: b.ctx}
	var err error
	if t.evStart, err = b.ctx.EventCreate(); err != nil {
		return nil, deviceErr(err)
	}
	if t.evEnd, err = b.ctx.EventCreate(); err != nil {
		b.ctx.EventDestroy(t.evStart)
		return nil, deviceErr(err)
	}
	return t, nil
}

func streamOf(s seam.Stream) driver.Stream {
	if s == nil {
		return 0
	}
	return s.(*cudaStream).s
}

// Start arms the start event rather than recording it now, so that the
// time until the timed work's first launch reaches the driver is not
// counted, and opens a batch: the region's launches and copies are queued
// and run back to back when it stops (driver/queue.go), so that the host's
// work per launch does not pace them.
func (t *cudaTimer) Start(s seam.Stream) error {
	if !t.open {
		t.open = true
		t.ctx.BeginBatch()
	}
	t.ctx.RecordAtNextWork(t.evStart, streamOf(s))
	return nil
}

// Stop records the end event after the region's queued work, then ends
// its batch.
func (t *cudaTimer) Stop(s seam.Stream) error {
	if err := t.ctx.EventRecord(t.evEnd, streamOf(s)); err != nil {
		t.close() // the record reported the queue's failure, if any
		return deviceErr(err)
	}
	return deviceErr(t.close())
}

func (t *cudaTimer) close() error {
	if !t.open {
		return nil
	}
	t.open = false
	return t.ctx.EndBatch()
}

func (t *cudaTimer) Elapsed() (float64, error) {
	ms, err := t.ctx.EventElapsed(t.evStart, t.evEnd)
	return float64(ms), deviceErr(err)
}

// Destroy ends a batch a region left open (its work panicked, say).
func (t *cudaTimer) Destroy() error {
	err0 := t.close()
	err1 := t.ctx.EventDestroy(t.evStart)
	err2 := t.ctx.EventDestroy(t.evEnd)
	return deviceErr(errors.Join(err0, err1, err2))
}
