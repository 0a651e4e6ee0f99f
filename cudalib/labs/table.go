// Package labs is the catalogue of the seed labs: each lab's CUDA C source,
// variants, input generator, CPU reference, checker and metric, and a Run
// that returns a Table reproducing the lab report's table.
package labs

import "github.com/culab/culab/cudalib"

// Row is one (size, variant) measurement.
type Row struct {
	Size      int    // problem size in the lab's unit (elements, n, V, ...)
	SizeLabel string // as the report writes it: "10W", "256³", "n=2048"
	Variant   string

	MedianMS, MinMS, MaxMS float64 // device time of one run, from Kernel.Time
	TimeNote               string  // why the times are empty though the row ran
	Metric                 float64 // in Table.MetricUnit; 0 when not measured
	// Modeled says the times are the virtual GPU's model of an H100, not
	// measured; the counters below are then those of the timed run.
	Modeled bool
	// SectorsPerRequest is global 32-byte sectors per global load or store
	// request (4 for 32 lanes reading consecutive floats, 32 at worst);
	// ConflictsPerRequest is shared-memory bank conflicts per shared load or
	// store request (0 without conflicts, 31 at worst). Zero without counters.
	SectorsPerRequest, ConflictsPerRequest float64
	Counters                               cudalib.Counters // of the timed run, on the virtual GPU

	CPUMS       float64 // CPU reference time for this size, on every core (Table.Notes); 0 when not timed
	CPUNote     string  // e.g. "CPU > 30s cap" when the reference was cut off
	SpeedupCPU  float64 // CPUMS / MedianMS; 0 when either is missing
	SpeedupBase float64 // baseline variant's MedianMS / MedianMS at this size

	Pass    bool
	Skipped bool   // not run on purpose (no GPU, size over the variant's limit): neither passed nor failed
	Check   string // "ok (max rel err 1.2e-07)", "FAIL: ...", "not run: no GPU"
	Note    string
}

// Table is a lab's result: what its report's table shows.
type Table struct {
	Lab           string // catalogue key, e.g. "vecadd"
	Title         string
	Device        string  // device the rows ran on
	SizeName      string  // column title for Size, e.g. "elements" or "n"
	MetricName    string  // e.g. "bandwidth"
	MetricUnit    string  // e.g. "GB/s"
	MetricFormula string  // e.g. "3·4·N bytes / time"
	Baseline      string  // variant the SpeedupBase column compares against
	Ceiling       float64 // optional ceiling in MetricUnit (e.g. measured D2D GB/s); 0 = none
	CeilingName   string
	Rows          []Row
	Notes         []string
}
