package ncu

import (
	"errors"
	"slices"
	"strings"
	"testing"
)

// The samples below follow ncu's documented output formats (2025.x); the
// lead replaces them with recorded ones from the GPU machine.

const detailsCSV = `==PROF== Connected to process 1
"ID","Process ID","Process Name","Host Name","Kernel Name","Context","Stream","Block Size","Grid Size","Device","CC","Section Name","Metric Name","Metric Unit","Metric Value"
"0","1","x","h","k1","1","7","(256, 1, 1)","(4, 1, 1)","0","9.0","Command line profiler metrics","l1tex__t_sectors_pipe_lsu_mem_global_op_ld.sum","sector","1,024"
"0","1","x","h","k1","1","7","(256, 1, 1)","(4, 1, 1)","0","9.0","Command line profiler metrics","smsp__inst_executed.sum","Kinst","2.5"
"1","1","x","h","marker","1","7","(1, 1, 1)","(3, 1, 1)","0","9.0","Command line profiler metrics","smsp__inst_executed.sum","inst","1"
`

// rawCSV is the raw page of a strided load (stride 4 floats, 1024
// threads): 32 requests of 32 sectors each, 32 store requests of 4.
const rawCSV = `"ID","Process ID","Process Name","Host Name","Kernel Name","Context","Stream","Block Size","Grid Size","Device","CC","l1tex__t_requests_pipe_lsu_mem_global_op_ld.sum","l1tex__t_sectors_pipe_lsu_mem_global_op_ld.sum","l1tex__t_requests_pipe_lsu_mem_global_op_st.sum","l1tex__t_sectors_pipe_lsu_mem_global_op_st.sum","smsp__inst_executed.sum","smsp__thread_inst_executed.sum"
"","","","","","","","","","","","request","sector","request","sector","inst","inst"
"0","4242","culab","gpu1","_Z7stridedPfPKfii","1","7","(256, 1, 1)","(4, 1, 1)","0","9.0","32","1,024","32","128","n/a","12,288"
`

func TestParse(t *testing.T) {
	ls, err := Parse(strings.NewReader(detailsCSV))
	if err != nil {
		t.Fatal(err)
	}
	if len(ls) != 2 || ls[0].Kernel != "k1" || ls[0].Grid != [3]int{4, 1, 1} || ls[0].Block != [3]int{256, 1, 1} ||
		ls[0].Metrics["l1tex__t_sectors_pipe_lsu_mem_global_op_ld.sum"] != 1024 || ls[0].Metrics["smsp__inst_executed.sum"] != 2500 ||
		ls[1].Kernel != "marker" || ls[1].Grid[0] != 3 {
		t.Errorf("details page: %+v", ls)
	}
	ls, err = Parse(strings.NewReader(rawCSV))
	if err != nil {
		t.Fatal(err)
	}
	if len(ls) != 1 || ls[0].Block != [3]int{256, 1, 1} || ls[0].Metrics["l1tex__t_sectors_pipe_lsu_mem_global_op_ld.sum"] != 1024 {
		t.Errorf("raw page: %+v", ls)
	}
	if _, ok := ls[0].Metrics["smsp__inst_executed.sum"]; ok {
		t.Errorf("n/a read as a value")
	}
	if _, err := Parse(strings.NewReader("==PROF== Disconnected\n")); err == nil {
		t.Errorf("no header: no error")
	}
}

func TestLaunchCounters(t *testing.T) {
	ls, err := Parse(strings.NewReader(rawCSV))
	if err != nil {
		t.Fatal(err)
	}
	c, missing := ls[0].Counters()
	if c.GlobalLoadRequests != 32 || c.GlobalLoadSectors != 1024 || c.GlobalStoreSectors != 128 ||
		c.ThreadInstrs != 12288 || c.WarpInstrs != 0 || c.Blocks != 4 || c.Threads != 1024 {
		t.Errorf("counters %+v", c)
	}
	for _, want := range []string{"warp instructions", "shared ld wavefronts"} {
		if !slices.Contains(missing, want) {
			t.Errorf("missing %v lacks %q", missing, want)
		}
	}
	if slices.Contains(missing, "global ld sectors") {
		t.Errorf("global ld sectors reported missing")
	}
	// Alternatives: the first whose metrics are all there.
	l := &Launch{Metrics: map[string]float64{"smsp__sass_inst_executed_op_shared_ld.sum": 7}}
	if v, ok := Counters[4].Value(l); !ok || v != 7 || Counters[4].Name != "shared ld requests" {
		t.Errorf("alternative: %v %v", v, ok)
	}
	if names := MetricNames(); len(names) < 20 || names[0] != "l1tex__t_requests_pipe_lsu_mem_global_op_ld.sum" ||
		len(slices.Compact(slices.Sorted(slices.Values(names)))) != len(names) {
		t.Errorf("metric names %v", names)
	}
}

// TestSharedTiming: shared wavefronts come from the SASS-patched metric
// where ncu reported it, else from the hardware counter, which also counts
// lost arbitration (Timing); bank conflicts have only the hardware
// counter, which holds arbitration where the hardware wavefronts exceed
// the patched ones (measured by bench/microbench/smemconf.cu on an H200:
// life_shared, one launch).
func TestSharedTiming(t *testing.T) {
	by := map[string]Counter{}
	for _, c := range Counters {
		by[c.Name] = c
	}
	wf, conf, req := by["shared ld wavefronts"], by["shared ld bank conflicts"], by["shared ld requests"]
	hw := &Launch{Metrics: map[string]float64{"l1tex__data_pipe_lsu_wavefronts_mem_shared_op_ld.sum": 304460,
		"l1tex__data_bank_conflicts_pipe_lsu_mem_shared_op_ld.sum": 7063}}
	if v, ok := wf.Value(hw); !ok || v != 304460 || !wf.Timing(hw) || !conf.Timing(hw) {
		t.Errorf("hardware only: %v %v, timing %v %v", v, ok, wf.Timing(hw), conf.Timing(hw))
	}
	if _, ok := wf.Arbitration(hw); ok {
		t.Errorf("arbitration without the SASS-patched metric")
	}
	both := &Launch{Metrics: map[string]float64{"l1tex__data_pipe_lsu_wavefronts_mem_shared_op_ld.sum": 304460,
		"l1tex__data_bank_conflicts_pipe_lsu_mem_shared_op_ld.sum":       7063,
		"smsp__sass_l1tex_data_pipe_lsu_wavefronts_mem_shared_op_ld.sum": 294912}}
	if v, ok := wf.Value(both); !ok || v != 294912 || wf.Timing(both) || !conf.Timing(both) {
		t.Errorf("both: %v %v, timing %v %v", v, ok, wf.Timing(both), conf.Timing(both))
	}
	if x, ok := wf.Arbitration(both); !ok || x != 304460-294912 {
		t.Errorf("arbitration %v %v", x, ok)
	}
	if _, ok := conf.Arbitration(both); ok {
		t.Errorf("arbitration of conflicts")
	}
	// No excess wavefronts: the hardware conflicts are the addresses'.
	both.Metrics["l1tex__data_pipe_lsu_wavefronts_mem_shared_op_ld.sum"] = 294912
	if conf.Timing(both) || req.Timing(both) {
		t.Errorf("timing without excess wavefronts")
	}
}

const sourceCSV = `==PROF== Connected to process 4242 (/tmp/culab)
"Kernel Name","_Z7stridedPfPKfii"
"File","/tmp/culab-hw/kernel.cu"
"#","Source","Warp Stall Sampling (All Samples)","Warp Stall Sampling (Not-issued Samples)","Instructions Executed","Thread Instructions Executed","L1 Tag Requests Global","L2 Theoretical Sectors Global","L2 Theoretical Sectors Global Ideal","L1 Wavefronts Shared","L1 Wavefronts Shared Ideal"
"1","extern ""C"" __global__ void strided(float* out, const float* in, int n, int stride) {","","","","","","","","",""
"2","    int i = blockIdx.x * blockDim.x + threadIdx.x;","3","1","96","3,072","0","0","0","0","0"
"3","    // every lane reads its own 32-byte sector","","","","","","","","",""
"4","    if (i < n) out[i] = in[i * stride];","12","9","160","5,120","64","1,152","160","0","0"
`

func TestParseSource(t *testing.T) {
	ls, err := ParseSource(strings.NewReader(sourceCSV))
	if err != nil {
		t.Fatal(err)
	}
	if len(ls) != 2 || ls[0].Line != 2 || ls[1].Line != 4 || ls[1].File != "/tmp/culab-hw/kernel.cu" {
		t.Fatalf("lines %+v", ls)
	}
	if m := ls[1].Metrics; m["L1 Tag Requests Global"] != 64 || m["L2 Theoretical Sectors Global"] != 1152 ||
		m["Thread Instructions Executed"] != 5120 || !strings.Contains(ls[1].Source, "in[i * stride]") {
		t.Errorf("line 4: %+v", ls[1])
	}
	// The layout with a "File Path" row and a "Line No" column.
	const other = `"File Path","/tmp/culab-hwprofile-1/kernel.cu"
"Function Name","strided_copy"
"Line No","Source","Instructions Executed","L1 Tag Requests Global"
"3","  int i = blockIdx.x * blockDim.x + threadIdx.x;","96","0"
"4","  if (i < n) out[i] = in[i * stride];","160","64"
`
	ls, err = ParseSource(strings.NewReader(other))
	if err != nil || len(ls) != 2 || ls[1].Line != 4 || ls[1].File != "/tmp/culab-hwprofile-1/kernel.cu" || ls[1].Metrics["L1 Tag Requests Global"] != 64 {
		t.Errorf("File Path / Line No layout: %+v %v", ls, err)
	}
	if _, err := ParseSource(strings.NewReader(`"Kernel Name","k"` + "\n")); err == nil {
		t.Errorf("no table: no error")
	}
}

const (
	logOK = `==PROF== Connected to process 4242 (/tmp/culab)
==PROF== Profiling "_Z7stridedPfPKfii" - 0: 0%....50%....100% - 9 passes
==PROF== Disconnected from process 4242
==PROF== Report: /tmp/culab-hw/profile.ncu-rep
`
	logPerm = `==PROF== Connected to process 4242 (/tmp/culab)
==ERROR== ERR_NVGPUCTRPERM - The user does not have permission to access NVIDIA GPU Performance Counters on the target device 0. For instructions on enabling permissions and to get more information see https://developer.nvidia.com/ERR_NVGPUCTRPERM
==PROF== Disconnected from process 4242
==WARNING== No kernels were profiled.
`
	logNone = `==PROF== Connected to process 4242 (/tmp/culab)
==PROF== Disconnected from process 4242
==WARNING== No kernels were profiled.
==WARNING== Profiling kernels launched by child processes requires the --target-processes all option.
`
	logBadMetric = `==PROF== Connected to process 4242 (/tmp/culab)
==ERROR== Failed to find metric l1tex__t_bogus.sum
==PROF== Disconnected from process 4242
`
)

func TestCheckLog(t *testing.T) {
	if err := CheckLog(logOK); err != nil {
		t.Errorf("profiled: %v", err)
	}
	for _, c := range []struct{ log, code, says string }{
		{logPerm, CodePermission, "NVreg_RestrictProfilingToAdminUsers=0"},
		{logNone, CodeNoLaunch, "kernel"},
		{logBadMetric, CodeFailed, "l1tex__t_bogus.sum"},
	} {
		err := CheckLog(c.log)
		var e *Error
		if !errors.As(err, &e) || e.Code != c.code || !strings.Contains(err.Error(), c.says) {
			t.Errorf("%s: got %v, want code %s saying %q", c.code, err, c.code, c.says)
		}
	}
	if err := CheckLog(logPerm); !strings.Contains(err.Error(), "sudo") || !strings.Contains(err.Error(), PermissionDocs) {
		t.Errorf("permission error says no fix: %v", err)
	}
}

func TestCounterAccess(t *testing.T) {
	const open, restricted = "ResmanDebugLevel: 4294967295\nRmProfilingAdminOnly: 0\n", "RmProfilingAdminOnly: 1\n"
	const plain, admin = "CapEff:\t0000000000000000\n", "CapEff:\t000001ffffffffff\n"
	for _, c := range []struct {
		params, status string
		euid           int
		known, allowed bool
	}{
		{open, plain, 1000, true, true},
		{restricted, plain, 0, true, true},
		{restricted, admin, 1000, true, true},
		{restricted, plain, 1000, true, false},
		{"ResmanDebugLevel: 1\n", plain, 1000, false, false},
	} {
		a := counterAccess(c.params, c.status, c.euid)
		if a.Known != c.known || a.Allowed != c.allowed || a.Why == "" {
			t.Errorf("%q %q uid %d: %+v", c.params, c.status, c.euid, a)
		}
		if c.known && !c.allowed && !strings.Contains(a.Why, "NVreg_RestrictProfilingToAdminUsers=0") {
			t.Errorf("refusal says no fix: %s", a.Why)
		}
	}
}

func TestVersionAndArgs(t *testing.T) {
	out := "NVIDIA (R) Nsight Compute Command Line Profiler\nCopyright (c) 2018-2025 NVIDIA Corporation\nVersion 2025.3.1.0 (build 36398880) (public-release)\n"
	if v := parseVersion([]byte(out)); v != "2025.3.1.0" {
		t.Errorf("version %q", v)
	}
	args := Profile{Kernel: "_Z1kPf", Launches: 1, Metrics: []string{"a.sum", "b.sum"}, SourceCounters: true,
		Report: "/tmp/r", Log: "/tmp/log"}.Args("/bin/culab", "gpu-worker")
	got := strings.Join(args, " ")
	for _, want := range []string{"--kernel-name-base mangled --print-kernel-base mangled", "--kernel-name _Z1kPf", "--launch-count 1",
		"--metrics a.sum,b.sum", "--section SourceCounters --import-source yes", "--export /tmp/r", "--log-file /tmp/log"} {
		if !strings.Contains(got, want) {
			t.Errorf("args %q lack %q", got, want)
		}
	}
	if !strings.HasSuffix(got, " /bin/culab gpu-worker") {
		t.Errorf("program not last: %q", got)
	}
}

func TestSupported(t *testing.T) {
	const listing = `Device NVIDIA H100 80GB HBM3 (GH100)
---------------------------------------------------------------------- ----------------------------------------------
Metric Name                                                            Metric Description
l1tex__t_requests_pipe_lsu_mem_global_op_ld                            # of requests sent to T-Stage for global loads
l1tex__t_sectors_pipe_lsu_mem_global_op_ld                             # of sectors requested for global loads
smsp__inst_executed                                                    # of warp instructions executed
`
	kept, dropped := supported(listing, []string{"l1tex__t_requests_pipe_lsu_mem_global_op_ld.sum", "smsp__inst_executed_op_barrier.sum",
		"smsp__inst_executed.sum", "l1tex__t_sectors_pipe_lsu_mem_global_op_ld.sum"})
	if !slices.Equal(kept, []string{"l1tex__t_requests_pipe_lsu_mem_global_op_ld.sum", "smsp__inst_executed.sum", "l1tex__t_sectors_pipe_lsu_mem_global_op_ld.sum"}) ||
		!slices.Equal(dropped, []string{"smsp__inst_executed_op_barrier.sum"}) {
		t.Errorf("kept %v, dropped %v", kept, dropped)
	}
	if kept, _ := supported("something else entirely\n", []string{"a.sum"}); !slices.Equal(kept, []string{"a.sum"}) {
		t.Errorf("unreadable listing: kept %v", kept)
	}
}
