package main

import (
	"bytes"
	"reflect"
	"strings"
	"testing"

	"github.com/culab/culab/cudalib/counters"
	"github.com/culab/culab/cudalib/ncu"
	"github.com/culab/culab/cudalib/nvrtc"
)

func TestCountSASS(t *testing.T) {
	const text = `
	code for sm_90
		Function : _Z1kPf
	.headerflags	@"EF_CUDA_TEXMODE_UNIFIED"
        /*0000*/                   LDC R1, c[0x0][0x28] ;
        /*0070*/              @!P0 LDG.E R2, desc[UR4][R2.64] ;
        /*0080*/                   LDS.128 R4, [R0] ;
        /*0090*/                   LDS.128 R8, [R0+0x10] ;
        /*00a0*/                   STS [R3], R2 ;
        /*00b0*/                   STG.E.64 desc[UR4][R6.64], R4 ;
        /*00c0*/                   ATOMS.ADD RZ, [R0], R1 ;
`
	got := countSASS(text)["_Z1kPf"]
	want := map[string]string{"global ld": "1×32", "shared ld": "2×128", "shared st": "1×32", "global st": "1×64", "atomic": "1"}
	for class, w := range want {
		if d := describe(got[class]); d != w {
			t.Errorf("%s: %s, want %s", class, d, w)
		}
	}
}

// TestCompare feeds the comparison a GPU run whose counters equal the
// virtual GPU's except one, with a repeat of each launch.
func TestCompare(t *testing.T) {
	c := counters.Counters{GlobalLoadRequests: 8, GlobalLoadSectors: 32, SharedLoadWavefronts: 64, SharedLoadBankConflicts: 0}
	vm := &runLog{Device: "virtual", Seed: 1, Steps: []step{
		{ID: 0, Label: "lab 1: CPU reference"},
		{ID: 1, Label: "lab 1: tiled", Launches: []launch{{Kernel: "k", Grid: [3]int{2, 1, 1}, Block: [3]int{32, 1, 1}, Counters: c}}},
	}}
	gpu := &runLog{Device: "H100", Steps: []step{{ID: 0, Label: "lab 1: CPU reference"}, {ID: 1, Label: "lab 1: tiled"}}}
	row := func(id int, kernel string, grid int, conflicts float64) ncu.Launch {
		return ncu.Launch{ID: id, Kernel: kernel, Grid: [3]int{grid, 1, 1}, Block: [3]int{32, 1, 1}, Metrics: map[string]float64{
			"l1tex__t_requests_pipe_lsu_mem_global_op_ld.sum":          8,
			"l1tex__t_sectors_pipe_lsu_mem_global_op_ld.sum":           32,
			"l1tex__data_pipe_lsu_wavefronts_mem_shared_op_ld.sum":     64,
			"l1tex__data_bank_conflicts_pipe_lsu_mem_shared_op_ld.sum": conflicts,
		}}
	}
	rows := []ncu.Launch{row(0, markerName, 1, 0), row(1, "k", 2, 3), row(2, "k", 2, 5), row(3, markerName, 2, 0)}
	code := &codeLog{NVRTC: "12.4", Arch: 90, Kernels: []kernelCode{{Lab: "lab", Name: "k<1>", Mangled: "k",
		PTX:  map[string]map[string]int{"global ld": {"32": 1}, "shared ld": {"32": 4}},
		SASS: map[string]map[string]int{"global ld": {"32": 1}, "shared ld": {"128": 1}}}}}
	var b bytes.Buffer
	report(&b, vm, gpu, rows, code)
	out := b.String()
	for _, want := range []string{
		"| lab 1: tiled | k&lt;1&gt; | 2 × 32 | 8 / 8 ✓ | 32 / 32 ✓ |", // "<" escaped (display/table), as GitHub shows it
		"| 0 / 3 (3–5) |",
		"Equal: 2 of 2 memory counts in classes that map one-to-one onto SASS; 1 of 1 elsewhere",
		"Not counted either: 1 counts that ncu measured differently",
		"| shared ld bank conflicts | 2 | 1 |",
		"**4×32 → 1×128**",
	} {
		if !strings.Contains(out, want) {
			t.Errorf("report lacks %q:\n%s", want, out)
		}
	}
}

// TestMatchRepeats: launches of a step with the same kernel, shape and
// memory counts on the virtual GPU (a stencil's time steps) are repeats of
// one launch: their ncu rows, in the checked run and in its repeats, all
// give the noise; a launch the virtual GPU counts differently does not.
func TestMatchRepeats(t *testing.T) {
	c := counters.Counters{SharedLoadWavefronts: 64}
	d := c
	d.SharedLoadWavefronts = 32
	k := func(c counters.Counters) launch {
		return launch{Kernel: "k", Grid: [3]int{2, 1, 1}, Block: [3]int{32, 1, 1}, Counters: c}
	}
	vm := &runLog{Steps: []step{{ID: 1, Label: "s", Launches: []launch{k(c), k(c), k(d)}}}}
	gpu := &runLog{Steps: []step{{ID: 1, Label: "s"}}}
	// The marker opens step 1: 3 launches in the checked run, 3 in one repeat.
	rows := []ncu.Launch{{ID: -1, Kernel: markerName, Grid: [3]int{1, 1, 1}}}
	for i := range 6 {
		rows = append(rows, ncu.Launch{ID: i, Kernel: "k", Grid: [3]int{2, 1, 1}, Block: [3]int{32, 1, 1}})
	}
	pairs, problems := match(vm, gpu, rows)
	if len(problems) != 0 || len(pairs) != 1 {
		t.Fatalf("pairs %d, problems %v", len(pairs), problems)
	}
	var ids []int
	for _, r := range pairs[0].ncu {
		ids = append(ids, r.ID)
	}
	if !reflect.DeepEqual(ids, []int{0, 3, 1, 4}) {
		t.Errorf("rows %v, want [0 3 1 4]", ids)
	}
}

// TestRunVirtual runs one lab on the virtual GPU (needs NVRTC).
func TestRunVirtual(t *testing.T) {
	if _, err := nvrtc.Load(); err != nil {
		t.Skip("no NVRTC:", err)
	}
	log, err := runLabs(runConfig{virtual: true, seed: 1, labs: []string{"matmul"}, sizes: map[string]int{"matmul": 32}})
	if err != nil {
		t.Fatal(err)
	}
	var tiled *launch
	for _, s := range log.Steps {
		for i, l := range s.Launches {
			if l.Kernel == "_Z8mm_tiledILi16EEvPfPKfS2_i" {
				tiled = &s.Launches[i]
			}
		}
	}
	if tiled == nil {
		t.Fatalf("no mm_tiled<16> launch in %+v", log.Steps)
	}
	// 32×32 floats: 2×2 blocks of 8 warps, 2 tiles, a row of 16 floats
	// per half-warp: 2 requests of 4 sectors per tile and matrix.
	c := tiled.Counters
	if c.GlobalLoadRequests != 4*8*2*2 || c.GlobalLoadSectors != 4*c.GlobalLoadRequests || c.SharedLoadBankConflicts != 0 {
		t.Errorf("mm_tiled<16> at 32: %+v", c)
	}
}
