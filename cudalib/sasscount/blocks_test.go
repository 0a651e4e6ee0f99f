package sasscount

import (
	"slices"
	"testing"

	"github.com/culab/culab/cudalib/ptx"
	"github.com/culab/culab/cudalib/sass"
)

// parseFunc parses a PTX fixture's one function.
func parseFunc(t *testing.T, src string) *ptx.Func {
	t.Helper()
	m, err := ptx.Parse("t.ptx", []byte(src))
	if err != nil {
		t.Fatal(err)
	}
	if len(m.Funcs) != 1 {
		t.Fatalf("%d functions, want 1", len(m.Funcs))
	}
	return m.Funcs[0]
}

// everyLine runs every instruction of fn n times.
func everyLine(fn *ptx.Func, n int64) map[int]int64 {
	c := map[int]int64{}
	for _, in := range fn.Body {
		c[in.Line] = n
	}
	return c
}

// joinBeforeBranch is NVVM's layout of an if/else whose branches join at a
// shared tail placed before one of them (st_halo's): the branches back to
// $L__BB0_2 and $L__BB0_3 close no loop.
const joinBeforeBranch = `.version 8.0
.target sm_90
.address_size 64
.visible .entry k(.param .u32 k_param_0)
{
	.reg .pred %p<3>;
	.reg .b32 %r<4>;
	ld.param.u32 %r1, [k_param_0];
	setp.lt.s32 %p1, %r1, 2;
	@%p1 bra $L__BB0_1;
	bra.uni $L__BB0_4;
$L__BB0_1:
	add.s32 %r2, %r1, 1;
$L__BB0_2:
	add.s32 %r3, %r2, 1;
$L__BB0_3:
	ret;
$L__BB0_4:
	setp.lt.s32 %p2, %r1, 4;
	@%p2 bra $L__BB0_3;
	mov.u32 %r2, 7;
	bra.uni $L__BB0_2;
}
`

// TestBackwardJoinIsNoLoop: a branch back to a label whose code never comes
// back to the branch is a join, not a loop.
func TestBackwardJoinIsNoLoop(t *testing.T) {
	fn := parseFunc(t, joinBeforeBranch)
	p, err := NewPTXCounts(fn, everyLine(fn, 1))
	if err != nil {
		t.Fatal(err)
	}
	if len(p.loops) != 0 {
		t.Errorf("%d loops, want none: %+v", len(p.loops), p.loops)
	}
}

// simpleLoop is a counted loop closed by a guarded branch back.
const simpleLoop = `.version 8.0
.target sm_90
.address_size 64
.visible .entry k(.param .u32 k_param_0)
{
	.reg .pred %p<2>;
	.reg .b32 %r<4>;
	ld.param.u32 %r1, [k_param_0];
	mov.u32 %r2, 0;
$L__BB0_1:
	add.s32 %r2, %r2, 1;
	setp.lt.s32 %p1, %r2, %r1;
	@%p1 bra $L__BB0_1;
	ret;
}
`

// TestBackBranchLoop: a branch back to a label that reaches it is a loop,
// with its iterations and entries.
func TestBackBranchLoop(t *testing.T) {
	fn := parseFunc(t, simpleLoop)
	counts := everyLine(fn, 2)
	for _, in := range fn.Body[2:5] { // 2 warps, 4 trips each
		counts[in.Line] = 8
	}
	p, err := NewPTXCounts(fn, counts)
	if err != nil {
		t.Fatal(err)
	}
	if len(p.loops) != 1 || p.loops[0].iters != 8 || p.loops[0].enters != 2 {
		t.Errorf("loops %+v, want one of 8 iterations, 2 entries", p.loops)
	}
}

// tripDivision is NVVM's trip count of a grid-stride loop: a 64-bit
// division on line 0, which ptxas's line table puts on the line before.
const tripDivision = `.version 8.0
.target sm_90
.address_size 64
.file 1 "t.cu"
.visible .entry k(.param .u64 k_param_0)
{
	.reg .b64 %rd<4>;
	.loc 1 28 5
	ld.param.u64 %rd1, [k_param_0];
	.loc 1 0 5
	div.u64 %rd2, %rd1, %rd1;
	.loc 1 29 5
	rem.s64 %rd3, %rd2, %rd1;
	ret;
}
`

// TestLineZeroAndDiv64: code on line 0 is on the last line before it, and a
// 64-bit division pairs with ptxas's CALL of its subroutine.
func TestLineZeroAndDiv64(t *testing.T) {
	fn := parseFunc(t, tripDivision)
	p, err := NewPTXCounts(fn, everyLine(fn, 1))
	if err != nil {
		t.Fatal(err)
	}
	if want := []int{28, 28, 29, 29}; !slices.Equal(p.line, want) {
		t.Errorf("lines %v, want %v", p.line, want)
	}
	if k := ptxKind(fn.Body[1]); k != "div64" || ptxKind(fn.Body[2]) != "div64" {
		t.Errorf("PTX kinds %q, %q, want div64", k, ptxKind(fn.Body[2]))
	}
	call := sass.Instr{Opcode: "CALL", Operands: "`($__internal_2_$__cuda_sm20_div_u64)"}
	slow := sass.Instr{Opcode: "CALL", Operands: "`($__internal_0_$__cuda_sm3x_div_rn_noftz_f32_slowpath)"}
	if sassKind(call) != "div64" || sassAnchor(call) != 1 || sassKind(slow) != "" || sassAnchor(slow) != 0 {
		t.Errorf("SASS kinds %q, %q", sassKind(call), sassKind(slow))
	}
}

// versionedLoop is a loop NVVM versioned on a condition (mm_grid's n > 0):
// the version that ran loads and stores on line 5, the other only stores
// zeros there, three a trip.
const versionedLoop = `.version 8.0
.target sm_90
.address_size 64
.file 1 "t.cu"
.visible .entry k(.param .u64 k_param_0, .param .u32 k_param_1)
{
	.reg .pred %p<4>;
	.reg .b32 %r<8>;
	.reg .b64 %rd<4>;
	.loc 1 3 5
	ld.param.u64 %rd1, [k_param_0];
	ld.param.u32 %r1, [k_param_1];
	mov.u32 %r2, 0;
	setp.gt.s32 %p1, %r1, 0;
	@%p1 bra $L__BB0_2;
$L__BB0_1:
	.loc 1 5 5
	st.global.u32 [%rd1], %r2;
	st.global.u32 [%rd1+4], %r2;
	st.global.u32 [%rd1+8], %r2;
	.loc 1 4 5
	add.s32 %r2, %r2, 1;
	setp.lt.s32 %p2, %r2, 8;
	@%p2 bra $L__BB0_1;
	ret;
$L__BB0_2:
	.loc 1 5 5
	ld.global.u32 %r3, [%rd1];
	st.global.u32 [%rd1], %r3;
	.loc 1 4 5
	add.s32 %r2, %r2, 1;
	setp.lt.s32 %p3, %r2, %r1;
	@%p3 bra $L__BB0_2;
	ret;
}
`

// TestDeadVersionIsNoCopy: the version no warp reached is no copy of the
// one that ran, and line 5 belongs to the one that ran although the dead
// one holds more of its anchors.
func TestDeadVersionIsNoCopy(t *testing.T) {
	fn := parseFunc(t, versionedLoop)
	counts := everyLine(fn, 2)
	for i, in := range fn.Body {
		switch {
		case i >= 5 && i <= 11: // the dead version, its ret
			counts[in.Line] = 0
		case i >= 12 && i <= 16: // 2 warps, 4 trips each
			counts[in.Line] = 8
		}
	}
	p, err := NewPTXCounts(fn, counts)
	if err != nil {
		t.Fatal(err)
	}
	if len(p.loops) != 2 {
		t.Fatalf("loops %+v, want the two versions apart", p.loops)
	}
	live := p.loopOf[12]
	if l := p.loops[live]; l.dead || l.iters != 8 || l.enters != 2 {
		t.Errorf("live loop %+v, want 8 iterations of 2 entries", l)
	}
	if !p.loops[p.loopOf[5]].dead {
		t.Errorf("the version no warp reached is not dead: %+v", p.loops[p.loopOf[5]])
	}
	if p.lineLoop[5] != live {
		t.Errorf("line 5 is loop %d's, want the live loop %d's", p.lineLoop[5], live)
	}
}

// TestPerIterationByAnchors: a block of a loop runs per iteration as the
// most run of its unguarded anchors' PTX twins (an unguarded CAS on a line
// whose guarded work runs less, a BSYNC on the if's line do not lower
// it); without anchors, as its lines on the mean.
func TestPerIterationByAnchors(t *testing.T) {
	p := &PTXCounts{inLoop: map[int]float64{37: 1, 38: 0.5, 42: 1}, lineLoop: map[int]int{37: 0, 38: 0, 42: 0}}
	code := []sass.Instr{
		{Opcode: "BSYNC", Line: 38},
		{Opcode: "ATOMG", Line: 38, Class: sass.Memory, Width: 32},
		{Opcode: "REDG", Predicate: "@P0", Line: 38, Class: sass.Memory, Width: 32},
		{Opcode: "ISETP", Line: 37},
		{Opcode: "IMAD", Line: 38},
	}
	twins := map[int]float64{1: 1, 2: 0.25}
	if r := perIteration(code, sass.Block{From: 0, To: 3}, twins, p, 0); r != 1 {
		t.Errorf("block of the CAS: %v per iteration, want 1", r)
	}
	if r := perIteration(code, sass.Block{From: 3, To: 5}, twins, p, 0); r != 0.75 {
		t.Errorf("block without anchors: %v per iteration, want the lines' mean 0.75", r)
	}
	red := sass.Instr{Opcode: "REDG", Class: sass.Memory, Width: 32}
	if sassKind(red) != "atom.g" || sassAnchor(red) != 4 {
		t.Errorf("REDG: kind %q, anchor %v; want atom.g, 4", sassKind(red), sassAnchor(red))
	}
}

// joinSASS is a region ptxas brackets with BSSY/BSYNC: some lanes skip
// the load, the others run it, and all meet at the BSYNC (BSSY names the
// instruction after it, where the converged warp goes on).
const joinSASS = `        .text.k:
        //--------------------- .text.k --------------------------
k:
        /*0000*/                   ISETP.GE.AND P0, PT, R0, 0x1, PT ;
        /*0010*/                   BSSY B0, ` + "`" + `(.L_x_3) ;
        /*0020*/                @P0 BRA ` + "`" + `(.L_x_1) ;
        /*0030*/                   LDG.E R2, desc[UR4][R4.64] ;
.L_x_1:
        /*0040*/                   BSYNC B0 ;
.L_x_3:
        /*0050*/                   STG.E desc[UR4][R4.64], R2 ;
        /*0060*/                   EXIT ;
.L_x_2:
        /*0070*/                   BRA ` + "`" + `(.L_x_2);
`

// TestJoins: each group of lanes that reaches a BSYNC executes it, and the
// converged warp runs the rest of its block as often as it entered the
// region; the path into the join keeps its count (groups, not warps).
func TestJoins(t *testing.T) {
	prog, err := sass.Parse(joinSASS)
	if err != nil {
		t.Fatal(err)
	}
	k := prog.Kernels[0]
	code, g := k.Code(), k.CFG()
	if len(g.Blocks) != 3 {
		t.Fatalf("blocks %+v, want 3", g.Blocks)
	}
	// The load's path ran 25 times, more than the join's block (10): the
	// virtual GPU counts it once a group of lanes, as the GPU does when
	// lanes get there at different times (after a loop). The flow bounds
	// it by what runs before it (30), not by the join.
	x := []float64{30, 30, 30, 25, 10, 10, 10}
	capByFlow(code, g, x, []int{1})
	if x[3] != 25 {
		t.Errorf("the path into the join capped to %v, want 25", x[3])
	}
	joins(k, code, g, x, &PTXCounts{})
	// The BSYNC: 25 groups from the load's path, 5 more that skipped it
	// (the branch's other way lost 30 - 25 executions).
	if want := []float64{30, 30, 30, 25, 30, 30, 30}; !slices.Equal(x, want) {
		t.Errorf("counts %v, want %v (the BSYNC once a group, the rest once a warp)", x, want)
	}
	// 10 warps: 8 ran the load, 2 skipped it whole, 4 went both ways (the
	// branch's divergent executions): 8 + 2 + 4 groups reach the BSYNC.
	x = []float64{10, 10, 10, 8, 0, 0, 0}
	joins(k, code, g, x, &PTXCounts{divergent: map[int]float64{0: 4}})
	if want := []float64{10, 10, 10, 8, 14, 10, 10}; !slices.Equal(x, want) {
		t.Errorf("counts %v, want %v", x, want)
	}
	// 10 warps entered, 25 groups ran the load: 25 BSYNCs, 10 stores.
	x = []float64{10, 10, 10, 25, 0, 0, 0}
	joins(k, code, g, x, &PTXCounts{})
	if want := []float64{10, 10, 10, 25, 25, 10, 10}; !slices.Equal(x, want) {
		t.Errorf("counts %v, want %v", x, want)
	}
}

// unrolledOuter is an inner loop NVVM copied by unrolling the loop around
// it (chase_four_serial): two copies of one body, each entered on its
// own, and peeled trips on the same line that no entry needed.
const unrolledOuter = `.version 8.0
.target sm_90
.address_size 64
.file 1 "t.cu"
.visible .entry k(.param .u64 k_param_0)
{
	.reg .pred %p<3>;
	.reg .b32 %r<8>;
	.reg .b64 %rd<4>;
	.loc 1 3 5
	ld.param.u64 %rd1, [k_param_0];
	mov.u32 %r2, 0;
$L__BB0_1:
	.loc 1 5 5
	ld.global.u32 %r3, [%rd1];
	add.s32 %r2, %r2, 1;
	setp.lt.s32 %p1, %r2, 8;
	@%p1 bra $L__BB0_1;
	mov.u32 %r2, 0;
	ld.global.u32 %r4, [%rd1+4];
	ld.global.u32 %r5, [%rd1+8];
$L__BB0_2:
	ld.global.u32 %r3, [%rd1+12];
	add.s32 %r2, %r2, 1;
	setp.lt.s32 %p2, %r2, 8;
	@%p2 bra $L__BB0_2;
	mov.u32 %r7, 1;
	ld.global.u32 %r6, [%rd1+16];
	ret;
}
`

// TestInstances: copies of one loop body are kept apart (each with its
// entries), and their line belongs to them although more of its anchors
// stand outside, where they never ran.
func TestInstances(t *testing.T) {
	fn := parseFunc(t, unrolledOuter)
	counts := everyLine(fn, 2)
	for i, in := range fn.Body {
		switch {
		case (i >= 2 && i <= 5) || (i >= 9 && i <= 12): // 2 warps, 4 trips each
			counts[in.Line] = 8
		case i == 7 || i == 8 || i == 14: // peeled trips no entry needed
			counts[in.Line] = 0
		}
	}
	p, err := NewPTXCounts(fn, counts)
	if err != nil {
		t.Fatal(err)
	}
	if len(p.loops) != 2 || !slices.Equal(p.instances[0], []int{0, 1}) {
		t.Fatalf("loops %+v, instances %v; want two copies of one body", p.loops, p.instances)
	}
	for li, l := range p.loops {
		if l.iters != 8 || l.enters != 2 {
			t.Errorf("copy %d: %+v, want 8 iterations of 2 entries", li, l)
		}
	}
	if p.lineLoop[5] != 0 {
		t.Errorf("line 5 is loop %d's, want the first copy's", p.lineLoop[5])
	}
	// The SASS loops of the copies go to the copies in order.
	g := &sass.CFG{Loops: []sass.Loop{{Head: 3, Tail: 3, Parent: -1}, {Head: 1, Tail: 1, Parent: -1}}}
	sassLoop := []int{0, 0}
	p.spreadInstances(g, sassLoop)
	if !slices.Equal(sassLoop, []int{1, 0}) {
		t.Errorf("SASS loops of copies %v, want [1 0] (the later loop the second copy's)", sassLoop)
	}
}
