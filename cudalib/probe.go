package cudalib

import (
	"fmt"
	"strings"

	"github.com/culab/culab/cudalib/driver"
	"github.com/culab/culab/cudalib/gpus"
	"github.com/culab/culab/cudalib/internal/cudabackend"
	"github.com/culab/culab/cudalib/internal/virtual"
	"github.com/culab/culab/cudalib/nvrtc"
)

// Report is what culab can use on this machine: the driver, NVRTC, the
// GPUs (or exactly why each is missing) and the virtual GPU.
type Report struct {
	Driver    string // "CUDA 13.0 (libcuda.so.1)"
	DriverErr error
	NVRTC     string // "NVRTC 13.0 (/usr/local/cuda/lib64/libnvrtc.so.13), CUDA headers in /usr/local/cuda/include"
	NVRTCErr  error
	Devices   []Info
	DeviceErr error // why no GPU can be used, when Devices is empty
	// Virtual is the virtual GPU Open would use (the H100 model, or the one
	// CULAB_DEVICE=virtual:NAME names), which is always there (its kernels
	// need NVRTC); VirtualErr says why it cannot be opened (a bad setting).
	Virtual    Info
	VirtualErr error
	// Counting says how the virtual GPU's profiles count instructions: in
	// SASS where NVRTC 13 and nvdisasm are installed
	// (scripts/setup-cudatools.sh), else in PTX, and why.
	Counting string
	// Models are the GPUs the virtual GPU can model, by the names
	// CULAB_DEVICE=virtual:NAME and OpenVirtualGPU take.
	Models []gpus.GPU
	// Choice is what Open opens: "gpu", "virtual", or an invalid
	// CULAB_DEVICE's error in ChoiceErr.
	Choice    string
	ChoiceErr error
}

// Probe inspects the machine without opening a context.
func Probe() Report {
	r := probeGPUs()
	r.Models = gpus.All
	how, model, err := choice()
	if limit, lerr := virtualMemoryLimit(); lerr != nil {
		r.VirtualErr = lerr
	} else {
		r.Virtual = virtual.New(model, limit, interruptCause).Info()
		_, r.Counting = virtual.SASSCounting(r.Virtual.Major*10 + r.Virtual.Minor)
	}
	switch {
	case err != nil:
		r.ChoiceErr = err
	case how == chooseVirtual || how == chooseAuto && !r.GPU():
		r.Choice = "virtual"
	default:
		r.Choice = "gpu"
	}
	return r
}

func probeGPUs() Report {
	var r Report
	if v, err := driver.DriverVersion(); err != nil {
		r.DriverErr = err
	} else {
		r.Driver = fmt.Sprintf("CUDA %d.%d (%s)", v/1000, v%1000/10, driver.LibraryName)
	}
	if lib, err := nvrtc.Load(); err != nil {
		r.NVRTCErr = err
	} else {
		major, minor := lib.Version()
		headers := "no CUDA headers (cuda_fp16.h, cooperative_groups.h, ... cannot be included)"
		if dirs := lib.IncludeDirs(); len(dirs) > 0 {
			headers = "CUDA headers in " + dirs[0]
		}
		r.NVRTC = fmt.Sprintf("NVRTC %d.%d (%s), %s", major, minor, lib.Path(), headers)
	}
	if r.DriverErr != nil {
		r.DeviceErr = r.DriverErr
		return r
	}
	n, err := driver.DeviceCount()
	if err != nil {
		r.DeviceErr = err
		return r
	}
	if n == 0 {
		r.DeviceErr = fmt.Errorf("the driver reports no CUDA device")
	}
	for i := 0; i < n; i++ {
		d, err := driver.DeviceGet(i)
		if err == nil {
			var inf Info
			if inf, err = cudabackend.ReadInfo(i, d); err == nil {
				r.Devices = append(r.Devices, inf)
				continue
			}
		}
		r.DeviceErr = fmt.Errorf("device %d: %w", i, err)
	}
	return r
}

// noNVRTC says what a machine without NVRTC can do, and the fix: every
// kernel, on a GPU and on the virtual GPU alike, is compiled by NVRTC.
const noNVRTC = "NVRTC is missing: no CUDA C can be compiled, so no kernel can run, on a GPU or on the virtual GPU" +
	" (Go cells and CPU references still run).\n" +
	"Fix: install NVRTC. On Debian: apt-get install libnvrtc11.2 libnvrtc-builtins11.8 from the non-free component" +
	" (scripts/setup-nvrtc.sh in culab's source does it); with a CUDA toolkit: put its lib64 on LD_LIBRARY_PATH.\n"

// GPU reports whether at least one device can be used.
func (r Report) GPU() bool { return len(r.Devices) > 0 }

func (r Report) String() string {
	var b strings.Builder
	line := func(k, v string, err error) {
		if err != nil {
			v = "not available: " + err.Error()
		}
		fmt.Fprintf(&b, "%-8s %s\n", k+":", v)
	}
	line("Driver", r.Driver, r.DriverErr)
	line("NVRTC", r.NVRTC, r.NVRTCErr)
	if len(r.Devices) == 0 {
		line("GPU", "", r.DeviceErr)
		if r.NVRTCErr == nil {
			b.WriteString("No GPU can be used: kernels run on the virtual GPU (interpreted on the CPU; times modeled, not measured); CPU references run as well.\n")
		}
	}
	if r.NVRTCErr != nil {
		b.WriteString(noNVRTC)
	}
	for _, d := range r.Devices {
		b.WriteString("\n" + d.String())
	}
	if r.VirtualErr != nil {
		b.WriteString("\n")
		line("Virtual GPU", "", r.VirtualErr)
	} else {
		fmt.Fprintf(&b, "\nVirtual GPU (cudalib.OpenVirtual, or %s=virtual; virtual:NAME for a model below):\n%s", EnvDevice, r.Virtual)
		if r.Counting != "" {
			fmt.Fprintf(&b, "%-28s %s\n", "Profiles, modelled times:", r.Counting)
		}
	}
	if len(r.Models) > 0 {
		fmt.Fprintf(&b, "\nVirtual GPU models (%s=virtual:NAME, cudalib.OpenVirtualGPU(NAME); docs/gpus.md):\n", EnvDevice)
		for _, g := range r.Models {
			fmt.Fprintf(&b, "  %-10s %s: %s, %d SMs at %d MHz, %.0f GB/s, %d MiB L2\n",
				g.Key, g.Board, g.Arch(), g.SMs, g.ClockKHz/1000, g.PeakDRAMBytesPerSec()/1e9, g.L2Bytes>>20)
		}
	}
	switch {
	case r.ChoiceErr != nil:
		fmt.Fprintf(&b, "\nDefault device: none: %v\n", r.ChoiceErr)
	case r.Choice == "virtual":
		fmt.Fprintf(&b, "\nDefault device: the virtual GPU, %s (%s=gpu|virtual|virtual:NAME chooses)\n", r.Virtual.Name, EnvDevice)
	default:
		fmt.Fprintf(&b, "\nDefault device: GPU 0 (%s=gpu|virtual|virtual:NAME chooses)\n", EnvDevice)
	}
	return b.String()
}
