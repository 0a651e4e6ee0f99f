// Package ncu drives NVIDIA Nsight Compute's command line profiler (ncu)
// and reads what it prints: the metrics that measure the virtual GPU's
// counters (counters.Counters), the command lines that collect them, the CSV
// of its raw, details and source pages, and its errors, each with what to
// do about it.
package ncu

import (
	"math"

	"github.com/culab/culab/cudalib/counters"
)

// Counter is one field of counters.Counters with the ncu metrics that measure
// it on a GPU (COUNTERS.md has the definitions and what differs).
type Counter struct {
	Name string // "global ld requests"
	// Class is the memory class whose PTX→SASS mapping decides whether
	// the GPU's count should equal the virtual GPU's ("global ld",
	// "shared st", ...); "" for the counters that differ by nature.
	Class string
	// Field points at the counter in c.
	Field func(c *counters.Counters) *int64
	// Metrics are alternatives, the first that ncu reported all of is
	// used; each is a list of metrics summed.
	Metrics [][]string
	// Timed, where set, are the shared-memory wavefronts of the counter's
	// class as the hardware counts them and as ncu's SASS-patched metric
	// counts them from each instruction's own addresses. The hardware
	// counters of shared wavefronts and bank conflicts (l1tex__data_*) also
	// count a shared access that lost the data banks' arbitration: they
	// change from launch to launch of the same kernel
	// (bench/microbench/smemconf.cu on an H200: life_shared's load
	// conflicts 7063, 6484, 6429 for an address-free 0; the SASS-patched
	// wavefronts equal the addresses' count every time). ncu has no
	// SASS-patched metric of load or store bank conflicts; where the
	// hardware wavefronts exceed the patched ones, the hardware conflicts
	// hold arbitration.
	Timed *Timed
}

// Value is the counter's value in launch l: the sum of the first
// alternative whose metrics l has all.
func (c Counter) Value(l *Launch) (float64, bool) {
	for _, alt := range c.Metrics {
		if v, ok := sum(l, alt); ok {
			return v, true
		}
	}
	return 0, false
}

// Timed names a class's shared wavefronts metrics: the hardware's and the
// SASS-patched one.
type Timed struct{ Hardware, Patched string }

// Timing says whether launch l's value of c holds lost arbitration, so
// that the addresses cannot give it: c is timed, its value is a hardware
// count, and either ncu did not report the SASS-patched wavefronts or the
// hardware counted more of them.
func (c Counter) Timing(l *Launch) bool {
	if c.Timed == nil {
		return false
	}
	p, ok := l.Metrics[c.Timed.Patched]
	if c.patched() {
		return !ok // the wavefronts: the hardware's where the patched are missing
	}
	return !ok || l.Metrics[c.Timed.Hardware] > p
}

// patched says whether c's preferred metric is the SASS-patched one.
func (c Counter) patched() bool {
	return c.Timed != nil && len(c.Metrics[0]) == 1 && c.Metrics[0][0] == c.Timed.Patched
}

// Arbitration is the shared wavefronts the hardware counted in launch l
// beyond the SASS-patched metric: accesses that lost the data banks. ok
// is false for a counter of no wavefronts or where l lacks either metric.
func (c Counter) Arbitration(l *Launch) (extra float64, ok bool) {
	if !c.patched() {
		return 0, false
	}
	p, ok1 := l.Metrics[c.Timed.Patched]
	hw, ok2 := l.Metrics[c.Timed.Hardware]
	return hw - p, ok1 && ok2
}

func sum(l *Launch, names []string) (float64, bool) {
	s := 0.0
	for _, n := range names {
		v, ok := l.Metrics[n]
		if !ok {
			return 0, false
		}
		s += v
	}
	return s, true
}

func one(names ...string) [][]string { return [][]string{names} }

// shared names the shared wavefronts of op (ld, st) as the hardware and
// the SASS patching count them.
func shared(op string) *Timed {
	return &Timed{"l1tex__data_pipe_lsu_wavefronts_mem_shared_op_" + op + ".sum",
		"smsp__sass_l1tex_data_pipe_lsu_wavefronts_mem_shared_op_" + op + ".sum"}
}

// Counters are the counters that ncu measures, in the order reports show
// them: memory first (the ones with a class), then instructions.
var Counters = []Counter{
	{"global ld requests", "global ld", func(c *counters.Counters) *int64 { return &c.GlobalLoadRequests },
		one("l1tex__t_requests_pipe_lsu_mem_global_op_ld.sum"), nil},
	{"global ld sectors", "global ld", func(c *counters.Counters) *int64 { return &c.GlobalLoadSectors },
		one("l1tex__t_sectors_pipe_lsu_mem_global_op_ld.sum"), nil},
	{"global st requests", "global st", func(c *counters.Counters) *int64 { return &c.GlobalStoreRequests },
		one("l1tex__t_requests_pipe_lsu_mem_global_op_st.sum"), nil},
	{"global st sectors", "global st", func(c *counters.Counters) *int64 { return &c.GlobalStoreSectors },
		one("l1tex__t_sectors_pipe_lsu_mem_global_op_st.sum"), nil},
	{"shared ld requests", "shared ld", func(c *counters.Counters) *int64 { return &c.SharedLoadRequests },
		[][]string{{"smsp__inst_executed_op_shared_ld.sum"}, {"smsp__sass_inst_executed_op_shared_ld.sum"}}, nil},
	{"shared ld wavefronts", "shared ld", func(c *counters.Counters) *int64 { return &c.SharedLoadWavefronts },
		[][]string{{shared("ld").Patched}, {shared("ld").Hardware}}, shared("ld")},
	{"shared ld bank conflicts", "shared ld", func(c *counters.Counters) *int64 { return &c.SharedLoadBankConflicts },
		one("l1tex__data_bank_conflicts_pipe_lsu_mem_shared_op_ld.sum"), shared("ld")},
	{"shared st requests", "shared st", func(c *counters.Counters) *int64 { return &c.SharedStoreRequests },
		[][]string{{"smsp__inst_executed_op_shared_st.sum"}, {"smsp__sass_inst_executed_op_shared_st.sum"}}, nil},
	{"shared st wavefronts", "shared st", func(c *counters.Counters) *int64 { return &c.SharedStoreWavefronts },
		[][]string{{shared("st").Patched}, {shared("st").Hardware}}, shared("st")},
	{"shared st bank conflicts", "shared st", func(c *counters.Counters) *int64 { return &c.SharedStoreBankConflicts },
		one("l1tex__data_bank_conflicts_pipe_lsu_mem_shared_op_st.sum"), shared("st")},
	{"local ld requests", "", func(c *counters.Counters) *int64 { return &c.LocalLoadRequests },
		one("l1tex__t_requests_pipe_lsu_mem_local_op_ld.sum"), nil},
	{"local ld sectors", "", func(c *counters.Counters) *int64 { return &c.LocalLoadSectors },
		one("l1tex__t_sectors_pipe_lsu_mem_local_op_ld.sum"), nil},
	{"local st requests", "", func(c *counters.Counters) *int64 { return &c.LocalStoreRequests },
		one("l1tex__t_requests_pipe_lsu_mem_local_op_st.sum"), nil},
	{"local st sectors", "", func(c *counters.Counters) *int64 { return &c.LocalStoreSectors },
		one("l1tex__t_sectors_pipe_lsu_mem_local_op_st.sum"), nil},
	{"atomic requests", "", func(c *counters.Counters) *int64 { return &c.AtomicRequests },
		one("l1tex__t_requests_pipe_lsu_mem_global_op_atom.sum", "l1tex__t_requests_pipe_lsu_mem_global_op_red.sum",
			"smsp__inst_executed_op_shared_atom.sum"), nil},
	{"warp instructions", "", func(c *counters.Counters) *int64 { return &c.WarpInstrs },
		one("smsp__inst_executed.sum"), nil},
	{"thread instructions", "", func(c *counters.Counters) *int64 { return &c.ThreadInstrs },
		one("smsp__thread_inst_executed.sum"), nil},
	{"branches", "", func(c *counters.Counters) *int64 { return &c.Branches },
		one("smsp__inst_executed_op_branch.sum"), nil},
	{"divergent branches", "", func(c *counters.Counters) *int64 { return &c.DivergentBranches },
		one("smsp__sass_branch_targets_threads_divergent.sum"), nil},
	{"barriers", "", func(c *counters.Counters) *int64 { return &c.Barriers },
		[][]string{{"smsp__inst_executed_op_barrier.sum"}, {"smsp__sass_inst_executed_op_barrier.sum"}}, nil},
	{"DRAM sectors (VM: distinct sectors touched)", "", func(c *counters.Counters) *int64 { return &c.DRAMSectors },
		one("dram__sectors_read.sum", "dram__sectors_write.sum"), nil},
}

// MetricNames lists every metric the counters read, each once, in order:
// the --metrics list.
func MetricNames() []string {
	var out []string
	seen := map[string]bool{}
	for _, c := range Counters {
		for _, alt := range c.Metrics {
			for _, n := range alt {
				if !seen[n] {
					seen[n] = true
					out = append(out, n)
				}
			}
		}
	}
	return out
}

// Counters are the launch's metrics as the virtual GPU's counters; missing
// names the counters ncu reported none of (left 0). Blocks and Threads
// come from the launch's shape.
func (l *Launch) Counters() (c counters.Counters, missing []string) {
	for _, k := range Counters {
		v, ok := k.Value(l)
		if !ok {
			missing = append(missing, k.Name)
			continue
		}
		*k.Field(&c) = int64(math.Round(v))
	}
	g, b := int64(l.Grid[0])*int64(l.Grid[1])*int64(l.Grid[2]), int64(l.Block[0])*int64(l.Block[1])*int64(l.Block[2])
	c.Blocks, c.Threads = g, g*b
	return c, missing
}
