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
}

// Value is the counter's value in launch l: the sum of the first
// alternative whose metrics l has all.
func (c Counter) Value(l *Launch) (float64, bool) {
	for _, alt := range c.Metrics {
		sum, ok := 0.0, true
		for _, name := range alt {
			v, has := l.Metrics[name]
			ok = ok && has
			sum += v
		}
		if ok {
			return sum, true
		}
	}
	return 0, false
}

func one(names ...string) [][]string { return [][]string{names} }

// Counters are the counters that ncu measures, in the order reports show
// them: memory first (the ones with a class), then instructions.
var Counters = []Counter{
	{"global ld requests", "global ld", func(c *counters.Counters) *int64 { return &c.GlobalLoadRequests },
		one("l1tex__t_requests_pipe_lsu_mem_global_op_ld.sum")},
	{"global ld sectors", "global ld", func(c *counters.Counters) *int64 { return &c.GlobalLoadSectors },
		one("l1tex__t_sectors_pipe_lsu_mem_global_op_ld.sum")},
	{"global st requests", "global st", func(c *counters.Counters) *int64 { return &c.GlobalStoreRequests },
		one("l1tex__t_requests_pipe_lsu_mem_global_op_st.sum")},
	{"global st sectors", "global st", func(c *counters.Counters) *int64 { return &c.GlobalStoreSectors },
		one("l1tex__t_sectors_pipe_lsu_mem_global_op_st.sum")},
	{"shared ld requests", "shared ld", func(c *counters.Counters) *int64 { return &c.SharedLoadRequests },
		[][]string{{"smsp__inst_executed_op_shared_ld.sum"}, {"smsp__sass_inst_executed_op_shared_ld.sum"}}},
	{"shared ld wavefronts", "shared ld", func(c *counters.Counters) *int64 { return &c.SharedLoadWavefronts },
		one("l1tex__data_pipe_lsu_wavefronts_mem_shared_op_ld.sum")},
	{"shared ld bank conflicts", "shared ld", func(c *counters.Counters) *int64 { return &c.SharedLoadBankConflicts },
		one("l1tex__data_bank_conflicts_pipe_lsu_mem_shared_op_ld.sum")},
	{"shared st requests", "shared st", func(c *counters.Counters) *int64 { return &c.SharedStoreRequests },
		[][]string{{"smsp__inst_executed_op_shared_st.sum"}, {"smsp__sass_inst_executed_op_shared_st.sum"}}},
	{"shared st wavefronts", "shared st", func(c *counters.Counters) *int64 { return &c.SharedStoreWavefronts },
		one("l1tex__data_pipe_lsu_wavefronts_mem_shared_op_st.sum")},
	{"shared st bank conflicts", "shared st", func(c *counters.Counters) *int64 { return &c.SharedStoreBankConflicts },
		one("l1tex__data_bank_conflicts_pipe_lsu_mem_shared_op_st.sum")},
	{"local ld requests", "", func(c *counters.Counters) *int64 { return &c.LocalLoadRequests },
		one("l1tex__t_requests_pipe_lsu_mem_local_op_ld.sum")},
	{"local ld sectors", "", func(c *counters.Counters) *int64 { return &c.LocalLoadSectors },
		one("l1tex__t_sectors_pipe_lsu_mem_local_op_ld.sum")},
	{"local st requests", "", func(c *counters.Counters) *int64 { return &c.LocalStoreRequests },
		one("l1tex__t_requests_pipe_lsu_mem_local_op_st.sum")},
	{"local st sectors", "", func(c *counters.Counters) *int64 { return &c.LocalStoreSectors },
		one("l1tex__t_sectors_pipe_lsu_mem_local_op_st.sum")},
	{"atomic requests", "", func(c *counters.Counters) *int64 { return &c.AtomicRequests },
		one("l1tex__t_requests_pipe_lsu_mem_global_op_atom.sum", "l1tex__t_requests_pipe_lsu_mem_global_op_red.sum",
			"smsp__inst_executed_op_shared_atom.sum")},
	{"warp instructions", "", func(c *counters.Counters) *int64 { return &c.WarpInstrs },
		one("smsp__inst_executed.sum")},
	{"thread instructions", "", func(c *counters.Counters) *int64 { return &c.ThreadInstrs },
		one("smsp__thread_inst_executed.sum")},
	{"branches", "", func(c *counters.Counters) *int64 { return &c.Branches },
		one("smsp__inst_executed_op_branch.sum")},
	{"divergent branches", "", func(c *counters.Counters) *int64 { return &c.DivergentBranches },
		one("smsp__sass_branch_targets_threads_divergent.sum")},
	{"barriers", "", func(c *counters.Counters) *int64 { return &c.Barriers },
		[][]string{{"smsp__inst_executed_op_barrier.sum"}, {"smsp__sass_inst_executed_op_barrier.sum"}}},
	{"DRAM sectors (VM: distinct sectors touched)", "", func(c *counters.Counters) *int64 { return &c.DRAMSectors },
		one("dram__sectors_read.sum", "dram__sectors_write.sum")},
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
