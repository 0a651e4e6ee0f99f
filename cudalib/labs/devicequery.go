package labs

import (
	"errors"
	"fmt"
	"strings"

	"github.com/culab/culab/cudalib"
	"github.com/culab/culab/display/table"
)

// DeviceReport is the device query of seeds 000 and 001 (get_gpu_info.cu):
// the cudaDeviceProp fields their reports print, with this device's values.
// In a notebook it shows as a table (HTML), in text as aligned lines.
type DeviceReport struct {
	Info   cudalib.Info
	Fields []DeviceField
}

// DeviceField is one line of the report.
type DeviceField struct {
	Prop    string // the cudaDeviceProp field, e.g. "totalGlobalMem"
	Meaning string // what it is, e.g. "global memory"
	Value   string
}

// QueryDevice reports dev's properties; without a GPU (dev == nil) it
// returns an error saying so.
func QueryDevice(dev *cudalib.Device) (DeviceReport, error) {
	if dev == nil {
		return DeviceReport{}, errors.New("device query: no GPU (cudalib.Open failed or was not called)")
	}
	return deviceReport(dev.Info()), nil
}

func deviceReport(i cudalib.Info) DeviceReport {
	dims := func(d [3]int) string { return fmt.Sprintf("%d × %d × %d", d[0], d[1], d[2]) }
	f := func(prop, meaning, format string, v ...any) DeviceField {
		return DeviceField{Prop: prop, Meaning: meaning, Value: fmt.Sprintf(format, v...)}
	}
	return DeviceReport{Info: i, Fields: []DeviceField{
		f("name", "device name", "%s", i.Name),
		f("major.minor", "compute capability", "%d.%d (%s)", i.Major, i.Minor, i.Arch()),
		f("multiProcessorCount", "streaming multiprocessors (SMs)", "%d", i.SMCount),
		f("totalGlobalMem", "global memory", "%d MiB (%d bytes)", i.TotalMem>>20, i.TotalMem),
		f("totalConstMem", "constant memory", "%d bytes", i.ConstMem),
		f("sharedMemPerBlock", "shared memory per block", "%d bytes (%.0f KiB)", i.SharedPerBlock, float64(i.SharedPerBlock)/1024),
		f("sharedMemPerBlockOptin", "shared memory per block, opted in", "%d bytes", i.SharedPerBlockOptin),
		f("sharedMemPerMultiprocessor", "shared memory per SM", "%d bytes", i.SharedPerSM),
		f("regsPerBlock", "32-bit registers per block", "%d", i.RegsPerBlock),
		f("warpSize", "threads per warp", "%d", i.WarpSize),
		f("maxThreadsPerBlock", "threads per block, at most", "%d", i.MaxThreadsPerBlock),
		f("maxThreadsPerMultiProcessor", "resident threads per SM, at most", "%d", i.MaxThreadsPerSM),
		f("maxThreadsDim", "block dimensions, at most", "%s", dims(i.MaxBlockDim)),
		f("maxGridSize", "grid dimensions, at most", "%s", dims(i.MaxGridDim)),
		f("clockRate", "SM clock", "%d kHz", i.ClockKHz),
		f("memoryClockRate", "memory clock", "%d kHz", i.MemClockKHz),
		f("memoryBusWidth", "memory bus width", "%d bits", i.MemBusWidth),
		f("(derived)", "peak memory bandwidth: 2 × memory clock × bus width", "%.0f GB/s", i.PeakBandwidth()),
		f("l2CacheSize", "L2 cache", "%d bytes (%.0f MiB)", i.L2Bytes, float64(i.L2Bytes)/(1<<20)),
		f("memPitch", "largest pitch of a pitched copy", "%d bytes", i.MemPitch),
		f("textureAlignment", "texture alignment", "%d bytes", i.TextureAlignment),
		f("asyncEngineCount", "copy engines (deviceOverlap when > 0)", "%d", i.AsyncEngines),
		f("(backend)", "driver", "%s", i.Backend),
	}}
}

// String writes one aligned line per field.
func (r DeviceReport) String() string {
	var b strings.Builder
	w := 0
	for _, f := range r.Fields {
		w = max(w, len(f.Prop))
	}
	for _, f := range r.Fields {
		fmt.Fprintf(&b, "%-*s  %s  (%s)\n", w, f.Prop, f.Value, f.Meaning)
	}
	return b.String()
}

// HTML is the report as a table.
func (r DeviceReport) HTML() string {
	m := table.Table{Look: table.Bare, Columns: []table.Column{
		{Head: "cudaDeviceProp", Code: table.HTMLForm}, {Head: "meaning"}, {Head: "value"}}}
	for _, f := range r.Fields {
		m.Rows = append(m.Rows, table.Row{Cells: []table.Cell{{Text: f.Prop}, {Text: f.Meaning}, {Text: f.Value}}})
	}
	return table.HTML(m)
}
