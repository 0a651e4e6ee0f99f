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
	// Hardware, where set, is the hardware counter of what the first
	// alternative, a SASS-patched metric (smsp__sass_*), counts from each
	// instruction's own addresses: shared-memory wavefronts and bank
	// conflicts. The hardware counter (l1tex__data_*) also counts a shared
	// access that lost the data banks to other traffic of the L1 (fills
	// of global loads): more, by an amount that depends on timing and
	// changes from launch to launch (COUNTERS.md,
	// bench/microbench/smemconf.cu). It is the second alternative, for
	// profiles without the SASS-patched metric.
	Hardware []string
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

// Timing says whether launch l's value of c is a hardware counter that
// also counts lost arbitration: c has one (Hardware) and ncu did not
// report the SASS-patched metric.
func (c Counter) Timing(l *Launch) bool {
	if c.Hardware == nil {
		return false
	}
	_, ok := sum(l, c.Metrics[0])
	return !ok
}

// Arbitration is what c's hardware counter counted in launch l beyond
// the SASS-patched metric: shared accesses that lost the data banks to
// other L1 traffic. ok is false where c has no hardware counter or l
// lacks either metric.
func (c Counter) Arbitration(l *Launch) (extra float64, ok bool) {
	if c.Hardware == nil {
		return 0, false
	}
	det, ok1 := sum(l, c.Metrics[0])
	hw, ok2 := sum(l, c.Hardware)
	return hw - det, ok1 && ok2
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

// patched is a counter's metrics where a SASS-patched metric counts from
// the addresses what the hardware metric hw counts with timing.
func patched(sass, hw string) [][]string { return [][]string{{sass}, {hw}} }

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
		patched("smsp__sass_l1tex_data_pipe_lsu_wavefronts_mem_shared_op_ld.sum", "l1tex__data_pipe_lsu_wavefronts_mem_shared_op_ld.sum"),
		[]string{"l1tex__data_pipe_lsu_wavefronts_mem_shared_op_ld.sum"}},
	{"shared ld bank conflicts", "shared ld", func(c *counters.Counters) *int64 { return &c.SharedLoadBankConflicts },
		patched("smsp__sass_l1tex_data_bank_conflicts_pipe_lsu_mem_shared_op_ld.sum", "l1tex__data_bank_conflicts_pipe_lsu_mem_shared_op_ld.sum"),
		[]string{"l1tex__data_bank_conflicts_pipe_lsu_mem_shared_op_ld.sum"}},
	{"shared st requests", "shared st", func(c *counters.Counters) *int64 { return &c.SharedStoreRequests },
		[][]string{{"smsp__inst_executed_op_shared_st.sum"}, {"smsp__sass_inst_executed_op_shared_st.sum"}}, nil},
	{"shared st wavefronts", "shared st", func(c *counters.Counters) *int64 { return &c.SharedStoreWavefronts },
		patched("smsp__sass_l1tex_data_pipe_lsu_wavefronts_mem_shared_op_st.sum", "l1tex__data_pipe_lsu_wavefronts_mem_shared_op_st.sum"),
		[]string{"l1tex__data_pipe_lsu_wavefronts_mem_shared_op_st.sum"}},
	{"shared st bank conflicts", "shared st", func(c *counters.Counters) *int64 { return &c.SharedStoreBankConflicts },
		patched("smsp__sass_l1tex_data_bank_conflicts_pipe_lsu_mem_shared_op_st.sum", "l1tex__data_bank_conflicts_pipe_lsu_mem_shared_op_st.sum"),
		[]string{"l1tex__data_bank_conflicts_pipe_lsu_mem_shared_op_st.sum"}},
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
