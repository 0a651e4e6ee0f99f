package cudalib

import (
	"fmt"
	"strings"

	"github.com/culab/culab/cudalib/driver"
	"github.com/culab/culab/cudalib/nvrtc"
)

// Report is what culab can use on this machine: the driver, NVRTC and the
// devices, or exactly why each is missing.
type Report struct {
	Driver    string // "CUDA 13.0 (libcuda.so.1)"
	DriverErr error
	NVRTC     string // "NVRTC 13.0 (/usr/local/cuda/lib64/libnvrtc.so.13)"
	NVRTCErr  error
	Devices   []Info
	DeviceErr error // why no device can be used, when Devices is empty
}

// Probe inspects the machine without opening a context.
func Probe() Report {
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
		r.NVRTC = fmt.Sprintf("NVRTC %d.%d (%s)", major, minor, lib.Path())
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
			if inf, err = readInfo(i, d); err == nil {
				r.Devices = append(r.Devices, inf)
				continue
			}
		}
		r.DeviceErr = fmt.Errorf("device %d: %w", i, err)
	}
	return r
}

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
		b.WriteString("No GPU can be used: kernels cannot run here; CPU references still can.\n")
		return b.String()
	}
	for _, d := range r.Devices {
		b.WriteString("\n" + d.String())
	}
	return b.String()
}
