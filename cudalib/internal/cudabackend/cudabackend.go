package cudalib

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
	"github.com/culab/culab/cudalib/nvrtc"
)

// cudaBackend runs on the CUDA driver with NVRTC for compilation.
type cudaBackend struct {
	ctx *driver.Context
	inf Info
}

// compileCache is shared by every device of the process: in memory, and
// on disk under $XDG_CACHE_HOME/culab.
var compileCache = sync.OnceValue(func() *nvrtc.Cache { return nvrtc.NewCache(nvrtc.DefaultCacheDir()) })

func openCUDA(ordinal int) (backend, error) {
	n, err := driver.DeviceCount()
	if err != nil {
		return nil, deviceErr(err)
	}
	if n == 0 {
		return nil, &DeviceError{Op: "cuDeviceGetCount", Name: "CUDA_ERROR_NO_DEVICE", Msg: "no CUDA-capable device is detected", Kind: KindUnavailable}
	}
	if ordinal < 0 || ordinal >= n {
		return nil, &DeviceError{Op: "cuDeviceGet", Name: "CUDA_ERROR_INVALID_DEVICE", Msg: fmt.Sprintf("device %d asked for; this machine has %d", ordinal, n), Kind: KindUnavailable}
	}
	d, err := driver.DeviceGet(ordinal)
	if err != nil {
		return nil, deviceErr(err)
	}
	inf, err := readInfo(ordinal, d)
	if err != nil {
		return nil, deviceErr(err)
	}
	ctx, err := driver.Retain(d)
	if err != nil {
		return nil, deviceErr(err)
	}
	return &cudaBackend{ctx: ctx, inf: inf}, nil
}

func readInfo(ordinal int, d driver.Device) (Info, error) {
	inf := Info{Ordinal: ordinal}
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
	kind := KindOther
	switch {
	case de.Unavailable():
		kind = KindUnavailable
	case de.Code == 2:
		kind = KindOutOfMemory
	case de.Code == 700 || de.Code == 702 || (de.Code >= 714 && de.Code <= 719):
		kind = KindFault
	case de.Code == 1 || de.Code == 400 || de.Code == 701:
		kind = KindInvalid
	}
	return &DeviceError{Op: de.Op, Code: de.Code, Name: de.Name, Msg: de.Msg, Kind: kind}
}

func (b *cudaBackend) info() Info { return b.inf }

func (b *cudaBackend) memInfo() (uint64, uint64, error) {
	f, t, err := b.ctx.MemInfo()
	return f, t, deviceErr(err)
}

func (b *cudaBackend) alloc(bytes int) (devPtr, error) {
	p, err := b.ctx.MemAlloc(bytes)
	return devPtr(p), deviceErr(err)
}

func (b *cudaBackend) free(p devPtr) error { return deviceErr(b.ctx.MemFree(driver.DevicePtr(p))) }

func (b *cudaBackend) copyHtoD(dst devPtr, src unsafe.Pointer, n int) error {
	return deviceErr(b.ctx.MemcpyHtoD(driver.DevicePtr(dst), src, n))
}

func (b *cudaBackend) copyDtoH(dst unsafe.Pointer, src devPtr, n int) error {
	return deviceErr(b.ctx.MemcpyDtoH(dst, driver.DevicePtr(src), n))
}

func (b *cudaBackend) copyDtoD(dst, src devPtr, n int) error {
	return deviceErr(b.ctx.MemcpyDtoD(driver.DevicePtr(dst), driver.DevicePtr(src), n))
}

func (b *cudaBackend) fill(dst devPtr, pattern uint64, size, count int) error {
	return deviceErr(b.ctx.Memset(driver.DevicePtr(dst), pattern, size, count))
}

func (b *cudaBackend) synchronize() error { return deviceErr(b.ctx.Synchronize()) }

func (b *cudaBackend) reset() error { return deviceErr(b.ctx.Reset()) }
func (b *cudaBackend) close() error { return deviceErr(b.ctx.Release()) }

// pin page-locks host memory (the worker's copy stage) so that copies
// through it run by DMA; unpin releases it.
func (b *cudaBackend) pin(mem []byte) error {
	return deviceErr(b.ctx.HostRegister(unsafe.Pointer(unsafe.SliceData(mem)), len(mem)))
}

func (b *cudaBackend) unpin(mem []byte) error {
	return deviceErr(b.ctx.HostUnregister(unsafe.Pointer(unsafe.SliceData(mem))))
}

func (b *cudaBackend) compile(req compileRequest) (moduleImpl, error) {
	lib, err := nvrtc.Load()
	if err != nil {
		return nil, fmt.Errorf("NVRTC (run-time compiler) unavailable: %w", err)
	}
	tgt, err := lib.Target(b.inf.Major, b.inf.Minor)
	if err != nil {
		return nil, err
	}
	opts, src := req.options, req.source
	if underTool() {
		opts, src = withLineInfo(opts), sourceOnDisk(req.name, src)
	}
	res, hit, err := compileCache().Compile(lib, nvrtc.Request{
		Name: req.name, Source: src, Options: opts, NameExpressions: req.nameExprs, Target: tgt,
	})
	if err != nil {
		return nil, compileErr(err)
	}
	m, jitLog, err := b.ctx.ModuleLoad(res.Image)
	if err != nil {
		return nil, fmt.Errorf("load module (%s): %w", tgt, deviceErr(err))
	}
	log := res.Log
	if jitLog != "" {
		log += "\n" + jitLog
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

// sourceOnDisk writes source to a file named after the module under the
// temporary directory, one folder per source, and returns the source with
// a #line directive naming that file: a cell's source ("In[3].cu") or an
// embedded lab source is nowhere on disk for a tool to read. Where it
// cannot be written the source is returned as it is.
func sourceOnDisk(name, source string) string {
	sum := sha256.Sum256([]byte(name + "\x00" + source))
	path := filepath.Join(os.TempDir(), "culab-lineinfo", hex.EncodeToString(sum[:6]), filepath.Base(name))
	if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
		return source
	}
	if err := os.WriteFile(path, []byte(source), 0o644); err != nil {
		return source
	}
	return fmt.Sprintf("#line 1 %q\n%s", path, source)
}

// compileErr converts NVRTC's structured error into the user API's.
func compileErr(err error) error {
	var ce *nvrtc.CompileError
	if !errors.As(err, &ce) {
		return err
	}
	out := &CompileError{Name: ce.Name, Log: ce.Log}
	for _, d := range ce.Diagnostics {
		out.Diagnostics = append(out.Diagnostics, Diagnostic(d))
	}
	return out
}

// CheckSource compiles CUDA C without a GPU (PTX for the newest
// architecture NVRTC knows), to report compile errors where no device can
// run the code. It returns nil, a *CompileError, or why NVRTC is missing.
func CheckSource(name, src string, opts ...string) error {
	opts, _ = deviceOptions(opts)
	lib, err := nvrtc.Load()
	if err != nil {
		return fmt.Errorf("NVRTC (run-time compiler) unavailable: %w", err)
	}
	archs := lib.SupportedArchs()
	arch := 52
	if len(archs) > 0 {
		arch = archs[len(archs)-1]
	}
	_, _, err = compileCache().Compile(lib, nvrtc.Request{Name: name, Source: src, Options: opts,
		NameExpressions: kernelNames(src), Target: nvrtc.Target{Arch: arch}})
	return compileErr(err)
}

func kernelNames(src string) []string {
	var names []string
	for _, k := range kernelDecls(src) {
		if !k.template {
			names = append(names, k.name)
		}
	}
	return names
}

type cudaModule struct {
	b     *cudaBackend
	m     driver.Module
	names map[string]string
	log   string
	hit   bool
}

func (m *cudaModule) lowered() map[string]string { return m.names }
func (m *cudaModule) compileLog() string         { return m.log }
func (m *cudaModule) cached() bool               { return m.hit }
func (m *cudaModule) unload() error              { return deviceErr(m.b.ctx.ModuleUnload(m.m)) }

func (m *cudaModule) function(sym string) (functionImpl, error) {
	f, err := m.b.ctx.ModuleFunction(m.m, sym)
	if err != nil {
		return nil, deviceErr(err)
	}
	return &cudaFunction{ctx: m.b.ctx, f: f}, nil
}

// cudaFunction is one CUfunction. Its attributes and parameter sizes never
// change, so they are read once: each read is a driver call on the worker's
// thread, and re-reading them made a compile-cache hit cost several times
// CuPy's.
type cudaFunction struct {
	ctx *driver.Context
	f   driver.Function

	attrsOnce  sync.Once
	attrs      Attributes
	attrsErr   error
	sizesOnce  sync.Once
	sizes      []int
	sizesKnown bool
}

func (f *cudaFunction) attributes() (Attributes, error) {
	f.attrsOnce.Do(func() { f.attrs, f.attrsErr = f.readAttributes() })
	return f.attrs, f.attrsErr
}

func (f *cudaFunction) readAttributes() (Attributes, error) {
	var a Attributes
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

func (f *cudaFunction) paramSizes() ([]int, bool) {
	f.sizesOnce.Do(func() { f.sizes, f.sizesKnown = f.ctx.FuncParamSizes(f.f) })
	return f.sizes, f.sizesKnown
}

func (f *cudaFunction) setMaxDynamicShared(bytes int) error {
	return deviceErr(f.ctx.FuncSetAttribute(f.f, driver.FuncMaxDynamicShared, bytes))
}

func (f *cudaFunction) launch(c launchConfig, params []unsafe.Pointer) error {
	grid, block, p := launchArgs(c, params)
	f.ctx.Launch(f.f, grid, block, uint32(c.shared), streamOf(c.stream), p, params)
	return nil
}

func (f *cudaFunction) launchTimed(c launchConfig, params []unsafe.Pointer, t timerImpl) error {
	grid, block, p := launchArgs(c, params)
	ct := t.(*cudaTimer)
	return deviceErr(f.ctx.LaunchTimed(f.f, grid, block, uint32(c.shared), streamOf(c.stream), p, ct.evStart, ct.evEnd))
}

func launchArgs(c launchConfig, params []unsafe.Pointer) (grid, block [3]uint32, p unsafe.Pointer) {
	if len(params) > 0 {
		p = unsafe.Pointer(&params[0])
	}
	grid = [3]uint32{uint32(c.grid.X), uint32(c.grid.Y), uint32(c.grid.Z)}
	block = [3]uint32{uint32(c.block.X), uint32(c.block.Y), uint32(c.block.Z)}
	return grid, block, p
}

func (f *cudaFunction) suggestBlock(dynamicShared int) (int, int, error) {
	g, b, err := f.ctx.OccupancyMaxPotentialBlockSize(f.f, dynamicShared)
	return g, b, deviceErr(err)
}

func (f *cudaFunction) activeBlocksPerSM(block, dynamicShared int) (int, error) {
	n, err := f.ctx.OccupancyMaxActiveBlocks(f.f, block, dynamicShared)
	return n, deviceErr(err)
}

type cudaStream struct {
	ctx *driver.Context
	s   driver.Stream
}

func (b *cudaBackend) newStream() (streamImpl, error) {
	s, err := b.ctx.StreamCreate()
	if err != nil {
		return nil, deviceErr(err)
	}
	return &cudaStream{ctx: b.ctx, s: s}, nil
}

func (s *cudaStream) synchronize() error { return deviceErr(s.ctx.StreamSynchronize(s.s)) }
func (s *cudaStream) destroy() error     { return deviceErr(s.ctx.StreamDestroy(s.s)) }

type cudaTimer struct {
	ctx            *driver.Context
	evStart, evEnd driver.Event
}

func (b *cudaBackend) newTimer() (timerImpl, error) {
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

func streamOf(s streamImpl) driver.Stream {
	if s == nil {
		return 0
	}
	return s.(*cudaStream).s
}

// start arms the start event rather than recording it now, so that the
// time until the timed work's first launch reaches the driver is not
// counted.
func (t *cudaTimer) start(s streamImpl) error {
	t.ctx.RecordAtNextWork(t.evStart, streamOf(s))
	return nil
}

func (t *cudaTimer) stop(s streamImpl) error {
	return deviceErr(t.ctx.EventRecord(t.evEnd, streamOf(s)))
}

func (t *cudaTimer) elapsed() (float64, error) {
	ms, err := t.ctx.EventElapsed(t.evStart, t.evEnd)
	return float64(ms), deviceErr(err)
}

func (t *cudaTimer) destroy() error {
	err1 := t.ctx.EventDestroy(t.evStart)
	err2 := t.ctx.EventDestroy(t.evEnd)
	return deviceErr(errors.Join(err1, err2))
}
