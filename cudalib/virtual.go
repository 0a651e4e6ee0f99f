package cudalib

import (
	"fmt"
	"io"
	"os"
	"strconv"
	"strings"
	"sync"

	"github.com/culab/culab/cudalib/gpus"
	"github.com/culab/culab/cudalib/internal/seam"
	"github.com/culab/culab/cudalib/internal/virtual"
	"github.com/culab/culab/cudalib/vgpu"
)

// The virtual GPU is a second backend (package internal/virtual): it
// compiles CUDA C with NVRTC to PTX and interprets the PTX on the CPU
// (package vgpu), as one of the GPUs of package gpus — an H100 SXM unless
// CULAB_DEVICE=virtual:NAME or OpenVirtualGPU names another: its device
// query, limits, compute capability and time model. It stands in where no
// GPU can be used, so that every lab and notebook runs and is checked
// anywhere. An interpreter's wall time says nothing of a GPU's: its times
// are modelled from what it counted (package timemodel), and say so.

// VirtualName is the name the default virtual GPU (the H100 model)
// reports in Info; another model's names its GPU ("culab virtual GPU (A40
// model)").
const VirtualName = virtual.Name

// Environment variables of device selection and the virtual GPU.
const (
	// EnvDevice forces the device Open uses: "gpu", "virtual" (the H100
	// model) or "virtual:NAME" (the model of that GPU: virtual:a40,
	// virtual:t4, …, gpus.Keys); unset or empty picks a GPU where one can
	// be used, else the virtual H100.
	EnvDevice = "CULAB_DEVICE"
	// EnvVirtualMemory caps the virtual GPU's memory, read when it is
	// opened: bytes, or a number with KiB, MiB or GiB.
	EnvVirtualMemory = "CULAB_VIRTUAL_MEMORY"
	// EnvVirtualBudget is the most warp-instructions one launch on the
	// virtual GPU may execute before it is stopped, read at each launch.
	EnvVirtualBudget = virtual.EnvBudget
	// EnvVirtualSample chooses, at each launch, whether the virtual GPU
	// samples a large launch: "auto" (unset: a launch estimated to execute
	// more than VirtualSampleBudget warp-instructions runs a sample of its
	// blocks), "full" (every block) or "sampled" (a sample whenever the
	// grid is large enough). Device.SetVirtualSampling overrides it.
	EnvVirtualSample = virtual.EnvSample
)

// Sampled launches on the virtual GPU: a launch too large to interpret
// whole runs a sample of its blocks, chosen to represent every position in
// the grid, and its counters (and so its modelled time) are scaled to the
// whole grid. The blocks that did not run wrote nothing: the launch's
// Profile.Sample lists the blocks that ran, and the notices say so.
type (
	// VirtualSampling chooses when a launch is sampled (mode and budget).
	VirtualSampling = vgpu.Sampling
	// VirtualSample says how a launch was sampled.
	VirtualSample = vgpu.Sample
	// SamplingComparison is one launch run sampled and whole
	// (CompareVirtualSampling).
	SamplingComparison = virtual.Comparison
)

// The sampling modes of VirtualSampling.
const (
	VirtualSampleFull   = vgpu.SampleFull
	VirtualSampleAuto   = vgpu.SampleAuto
	VirtualSampleForced = vgpu.SampleForced
	// VirtualSampleBudget is the default budget of VirtualSampleAuto, in
	// warp-instructions (about 10–20 s of interpretation on 2 cores).
	VirtualSampleBudget = vgpu.DefaultSampleBudget
)

// SetVirtualSampling makes every later launch on the virtual GPU sample
// as s says, in place of CULAB_VIRTUAL_SAMPLE; nil goes back to it. Only
// the virtual GPU samples.
func (d *Device) SetVirtualSampling(s *VirtualSampling) error {
	sm, ok := d.b.(seam.Sampler)
	if !ok {
		return fmt.Errorf("set sampling: only the virtual GPU runs sampled launches")
	}
	// An unknown mode was taken, and sampled as VirtualSampleForced does.
	if s != nil && s.Mode != VirtualSampleFull && s.Mode != VirtualSampleAuto && s.Mode != VirtualSampleForced {
		return fmt.Errorf("set sampling: mode %v: want cudalib.VirtualSampleFull, VirtualSampleAuto or VirtualSampleForced", s.Mode)
	}
	sm.SetSampling(s)
	return nil
}

// CompareVirtualSampling makes every later launch on the virtual GPU (in
// the process, unless sanitized) run first as a forced sample, from a
// snapshot of the memory that is then put back, and then as asked, and
// hands both runs' counters and modelled times to f; nil stops. It is for
// measuring the sampler's error (bench/samplebench).
func CompareVirtualSampling(f func(SamplingComparison)) { virtual.CompareSampling(f) }

func init() {
	// A sampled launch is told where the user sees notices (a notebook
	// cell): its outputs are partial.
	virtual.Notice = func(msg string) { notice("%s", msg) }
}

// Virtual reports whether d is the virtual GPU.
func (d *Device) Virtual() bool { return !d.b.Hardware() }

// One virtual GPU per modelled GPU per process, as there is one primary
// context per GPU.
var (
	virtualMu   sync.Mutex
	virtualDevs = map[string]*Device{}
)

// OpenVirtual opens the virtual GPU of the H100 model, also on a machine
// that has a GPU.
func OpenVirtual() (*Device, error) {
	d, _, err := openVirtual(gpus.H100)
	return d, err
}

// OpenVirtualGPU opens the virtual GPU modelling the named GPU ("h100",
// "h200", "a100", "a100-80gb", "a40", "l4", "t4", "rtx2080ti": gpus.Keys),
// also on a machine that has a GPU: its device query, limits, compiler
// target and modeled times are that GPU's (docs/gpus.md). An unknown
// name is an error that lists the names.
func OpenVirtualGPU(name string) (*Device, error) {
	g, err := gpus.Lookup(name)
	if err != nil {
		return nil, fmt.Errorf("open the virtual GPU: %w", err)
	}
	d, _, err := openVirtual(g)
	return d, err
}

// openVirtual returns the process's virtual GPU modelling g; fresh says
// this call made it.
func openVirtual(g gpus.GPU) (d *Device, fresh bool, err error) {
	virtualMu.Lock()
	defer virtualMu.Unlock()
	if d := virtualDevs[g.Key]; d != nil {
		return d, false, nil
	}
	limit, err := virtualMemoryLimit()
	if err != nil {
		return nil, false, fmt.Errorf("open the virtual GPU: %w", err)
	}
	b := virtual.New(g, limit, interruptCause)
	d = &Device{b: b, info: b.Info()}
	virtualDevs[g.Key] = d
	return d, true, nil
}

// deviceChoice is CULAB_DEVICE.
type deviceChoice int

const (
	chooseAuto deviceChoice = iota
	chooseGPU
	chooseVirtual
)

// choice reads CULAB_DEVICE: what Open opens, and the GPU the virtual GPU
// models (the H100 unless virtual:NAME).
func choice() (deviceChoice, gpus.GPU, error) {
	v := strings.TrimSpace(os.Getenv(EnvDevice))
	switch kind, name, named := strings.Cut(strings.ToLower(v), ":"); {
	case v == "":
		return chooseAuto, gpus.H100, nil
	case kind == "gpu" && !named:
		return chooseGPU, gpus.H100, nil
	case kind == "virtual" && !named:
		return chooseVirtual, gpus.H100, nil
	case kind == "virtual":
		g, err := gpus.Lookup(name)
		if err != nil {
			return 0, gpus.GPU{}, fmt.Errorf("%s=%q: %w", EnvDevice, v, err)
		}
		return chooseVirtual, g, nil
	default:
		return 0, gpus.GPU{}, fmt.Errorf("%s=%q: want gpu, virtual, virtual:NAME (NAME one of %s) or nothing (a GPU where one can be used, else the virtual GPU)",
			EnvDevice, v, strings.Join(gpus.Keys(), ", "))
	}
}

// virtualMemoryLimit is CULAB_VIRTUAL_MEMORY in bytes; 0 (unset) leaves
// the default to vgpu.
func virtualMemoryLimit() (uint64, error) {
	s := strings.TrimSpace(os.Getenv(EnvVirtualMemory))
	if s == "" {
		return 0, nil
	}
	n, err := parseBytes(s)
	if err != nil {
		return 0, fmt.Errorf("%s=%q: %w", EnvVirtualMemory, s, err)
	}
	return n, nil
}

func parseBytes(s string) (uint64, error) {
	num, mult := s, uint64(1)
	for _, u := range []struct {
		suffix string
		mult   uint64
	}{{"KiB", 1 << 10}, {"MiB", 1 << 20}, {"GiB", 1 << 30}, {"B", 1}} {
		if n, ok := strings.CutSuffix(s, u.suffix); ok {
			num, mult = strings.TrimSpace(n), u.mult
			break
		}
	}
	n, err := strconv.ParseUint(num, 10, 64)
	if err != nil || n == 0 || n > (1<<62)/mult {
		return 0, fmt.Errorf("want a positive size such as 2GiB, 512MiB or 1048576")
	}
	return n * mult, nil
}

// Notices: opening the virtual GPU in place of a GPU is said once, where
// the user sees it. A program sees it on stderr; the notebook engine sends
// it to the running cell.
var (
	noticeMu sync.Mutex
	noticeW  io.Writer = os.Stderr
)

// SetNotices sends cudalib's notices (the virtual GPU standing in for a
// GPU) to w; the returned function restores the previous writer.
func SetNotices(w io.Writer) (restore func()) {
	noticeMu.Lock()
	prev := noticeW
	noticeW = w
	noticeMu.Unlock()
	return func() {
		noticeMu.Lock()
		noticeW = prev
		noticeMu.Unlock()
	}
}

func notice(format string, v ...any) {
	noticeMu.Lock()
	defer noticeMu.Unlock()
	fmt.Fprintf(noticeW, format+"\n", v...)
}

// virtualNotice says why the virtual GPU is used and what it does.
func virtualNotice(why, name string) string {
	return fmt.Sprintf("%s: using the %s: it runs the kernels' PTX on the CPU and checks results as a GPU would; its times are modeled from its counters, not measured (%s=gpu|virtual|virtual:NAME chooses the device).",
		why, name, EnvDevice)
}

// VirtualLaunch is how a launch ran on the virtual GPU: its kernel, its
// counters (scaled to the grid when it was sampled) and, when only a
// sample of its blocks ran, which (Sample; nil when every block ran).
type VirtualLaunch struct {
	Kernel   string
	Counters Counters
	Sample   *VirtualSample
}

// Sampled reports whether only a sample of the launch's blocks ran.
func (l VirtualLaunch) Sampled() bool { return l.Sample != nil && l.Sample.Sampled }

// launchSampler is d's backend when it samples launches (the virtual GPU).
func (d *Device) launchSampler(op string) (seam.LaunchSampler, error) {
	ls, ok := d.b.(seam.LaunchSampler)
	if !ok {
		return nil, fmt.Errorf("%s: only the virtual GPU samples launches", op)
	}
	return ls, nil
}

// VirtualSampling is the sampling the virtual GPU's next launch uses:
// SetVirtualSampling's, else CULAB_VIRTUAL_SAMPLE's (auto when unset).
func (d *Device) VirtualSampling() (VirtualSampling, error) {
	ls, err := d.launchSampler("sampling")
	if err != nil {
		return VirtualSampling{}, err
	}
	return ls.Sampling()
}

// LastVirtualLaunch is how the last launch on the virtual GPU ran; false
// before the first or on a GPU. Code that samples a sequence of launches
// reads it to learn which blocks of a launch ran (their outputs are the
// only ones written).
func (d *Device) LastVirtualLaunch() (VirtualLaunch, bool) {
	ls, err := d.launchSampler("last launch")
	if err != nil {
		return VirtualLaunch{}, false
	}
	p := ls.LastLaunch()
	if p == nil {
		return VirtualLaunch{}, false
	}
	return VirtualLaunch{Kernel: p.Kernel, Counters: p.Total, Sample: p.Sample}, true
}

// RepeatVirtualLaunches counts the last count launches on the virtual GPU
// times more times, in order, in the open timer (TimeFunc's) without
// running them: launch sampling, for a sequence of launches of one kernel
// and shape whose counters do not depend on the data (the time steps of a
// stencil), where running one stands for all. Their outputs are not
// written. Outside a timed section it does nothing.
func (d *Device) RepeatVirtualLaunches(count, times int) error {
	ls, err := d.launchSampler("repeat launches")
	if err != nil {
		return err
	}
	return ls.RepeatLaunches(count, times)
}
