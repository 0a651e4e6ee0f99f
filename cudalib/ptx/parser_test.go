package ptx

import (
	"os"
	"path/filepath"
	"reflect"
	"strconv"
	"strings"
	"testing"
)

// samples are the PTX files NVRTC really emitted: nvrtc11 from this
// machine's NVRTC 11.8, nvrtc13 from NVRTC 13 on the GPU machine (whatever
// is there), parseonly for features the virtual GPU does not run.
func samples(t testing.TB) []string {
	var files []string
	for _, dir := range []string{"nvrtc11", "nvrtc13", "parseonly"} {
		m, err := filepath.Glob(filepath.Join("testdata", dir, "*.ptx"))
		if err != nil {
			t.Fatal(err)
		}
		files = append(files, m...)
	}
	if len(files) == 0 {
		t.Fatal("no PTX samples in testdata")
	}
	return files
}

func parseFile(t *testing.T, path string) *Module {
	t.Helper()
	src, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	m, err := Parse(filepath.Base(path), src)
	if err != nil {
		t.Fatalf("Parse: %v", err)
	}
	return m
}

func parseString(t *testing.T, src string) *Module {
	t.Helper()
	m, err := Parse("test.ptx", []byte(src))
	if err != nil {
		t.Fatalf("Parse: %v", err)
	}
	return m
}

// both parses a sample from each NVRTC version that has it.
func both(t *testing.T, name string, check func(t *testing.T, m *Module)) {
	for _, dir := range []string{"nvrtc11", "nvrtc13"} {
		path := filepath.Join("testdata", dir, name)
		if _, err := os.Stat(path); err != nil {
			continue
		}
		t.Run(dir, func(t *testing.T) { check(t, parseFile(t, path)) })
	}
}

func eq(a, b Operand) bool { return reflect.DeepEqual(a, b) }

func fn(t *testing.T, m *Module, name string) *Func {
	t.Helper()
	for _, f := range m.Funcs {
		if f.Name == name {
			return f
		}
	}
	t.Fatalf("no function %s", name)
	return nil
}

func modVar(t *testing.T, m *Module, name string) *Var {
	t.Helper()
	for _, v := range m.Vars {
		if v.Name == name {
			return v
		}
	}
	t.Fatalf("no module variable %s", name)
	return nil
}

// instrs returns the instructions of f whose text starts with prefix.
func instrs(f *Func, prefix string) []*Instr {
	var out []*Instr
	for _, in := range f.Body {
		if strings.HasPrefix(in.Text, prefix) {
			out = append(out, in)
		}
	}
	return out
}

func first(t *testing.T, f *Func, prefix string) *Instr {
	t.Helper()
	in := instrs(f, prefix)
	if len(in) == 0 {
		t.Fatalf("%s: no instruction %q", f.Name, prefix)
	}
	return in[0]
}

var specialRegs = []string{"%tid.", "%ntid.", "%ctaid.", "%nctaid.", "%laneid", "%warpid", "%nwarpid", "%smid",
	"%lanemask_", "%clock", "%globaltimer", "%dynamic_smem_size", "%total_smem_size"}

// declared reports whether reg names a register that f declares, or a
// special register.
func declared(f *Func, reg string) bool {
	if reg == "_" {
		return true
	}
	for _, s := range specialRegs {
		if strings.HasPrefix(reg, s) {
			return true
		}
	}
	for _, d := range f.Regs {
		if d.Count == 0 && reg == d.Prefix {
			return true
		}
		if n, err := strconv.Atoi(strings.TrimPrefix(reg, d.Prefix)); d.Count > 0 && strings.HasPrefix(reg, d.Prefix) && err == nil && n >= 0 && n < d.Count {
			return true
		}
	}
	return false
}

// TestSamplesResolve parses every sample and checks that the tree is
// consistent: every register an instruction names is declared, every
// symbol is a label, variable, parameter or function, every label points
// into the body, and every instruction carries a .loc (-lineinfo).
func TestSamplesResolve(t *testing.T) {
	for _, path := range samples(t) {
		t.Run(filepath.Base(filepath.Dir(path))+"/"+filepath.Base(path), func(t *testing.T) {
			checkResolves(t, parseFile(t, path))
		})
	}
}

// checkResolves checks a module of NVRTC's as TestSamplesResolve says.
func checkResolves(t *testing.T, m *Module) {
	t.Helper()
	if m.Target != "sm_90" || m.AddressSize != 64 || m.Version == "" {
		t.Errorf("header: version %q target %q address size %d", m.Version, m.Target, m.AddressSize)
	}
	if !strings.HasSuffix(m.Files[1], ".cu") {
		t.Errorf(".file 1 = %q, want a .cu file", m.Files[1])
	}
	if len(m.Funcs) == 0 {
		t.Fatal("no functions")
	}
	names := map[string]bool{}
	for _, v := range m.Vars {
		names[v.Name] = true
	}
	for _, f := range m.Funcs {
		names[f.Name] = true
	}
	for _, f := range m.Funcs {
		if f.Body == nil {
			continue
		}
		local := map[string]bool{}
		for _, v := range append(append(append([]*Var{}, f.Params...), f.Returns...), f.Vars...) {
			local[v.Name] = true
		}
		for l, i := range f.Labels {
			if i < 0 || i > len(f.Body) {
				t.Errorf("%s: label %s -> %d, body has %d", f.Name, l, i, len(f.Body))
			}
		}
		var check func(in *Instr, o Operand)
		check = func(in *Instr, o Operand) {
			switch o.Kind {
			case Reg:
				if !declared(f, o.Name) {
					t.Errorf("%s:%d: %q: register %s not declared", f.Name, in.Line, in.Text, o.Name)
				}
			case Symbol:
				if _, isLabel := f.Labels[o.Name]; !isLabel && !names[o.Name] && !local[o.Name] {
					t.Errorf("%s:%d: %q: symbol %s unresolved", f.Name, in.Line, in.Text, o.Name)
				}
			case Addr:
				if o.Name != "" && !declared(f, o.Name) && !names[o.Name] && !local[o.Name] {
					t.Errorf("%s:%d: %q: address base %s unresolved", f.Name, in.Line, in.Text, o.Name)
				}
			case Vec, List, Pair:
				for _, e := range o.Elems {
					check(in, e)
				}
			case Int, Float:
			default:
				t.Errorf("%s:%d: %q: operand of kind %d", f.Name, in.Line, in.Text, o.Kind)
			}
		}
		for _, in := range f.Body {
			if in.Op == "" || in.Text == "" || in.Line <= f.Line {
				t.Errorf("%s: malformed instruction %+v", f.Name, in)
			}
			if in.Guard != "" && !declared(f, in.Guard) {
				t.Errorf("%s:%d: guard %s not declared", f.Name, in.Line, in.Guard)
			}
			if in.Loc.File != 1 { // line 0 is legal: code of no source line
				t.Errorf("%s:%d: %q: no .loc (%+v)", f.Name, in.Line, in.Text, in.Loc)
			}
			for _, o := range in.Operands {
				check(in, o)
			}
		}
	}
}

func TestVecadd(t *testing.T) {
	both(t, "lab-vecadd.ptx", func(t *testing.T, m *Module) {
		if len(m.Funcs) != 4 {
			t.Fatalf("%d functions, want 4", len(m.Funcs))
		}
		f := fn(t, m, "_Z12vecadd_blockPfPKfS1_i")
		if !f.Entry || !f.Visible || f.Extern || f.Weak {
			t.Errorf("linkage: entry %v visible %v extern %v weak %v", f.Entry, f.Visible, f.Extern, f.Weak)
		}
		var types []string
		for _, p := range f.Params {
			if p.Space != Param {
				t.Errorf("param %s in space %s", p.Name, p.Space)
			}
			types = append(types, p.Type)
		}
		if got := strings.Join(types, " "); got != "u64 u64 u64 u32" {
			t.Errorf("param types %q", got)
		}
		if f.Params[3].Name != "_Z12vecadd_blockPfPKfS1_i_param_3" {
			t.Errorf("param 3 name %q", f.Params[3].Name)
		}
		if len(f.Regs) != 4 || f.Regs[2] != (RegDecl{Type: "b32", Prefix: "%r", Count: 7, Line: f.Regs[2].Line}) {
			t.Errorf("regs %+v", f.Regs)
		}

		ld := first(t, f, "ld.global.nc.f32")
		if ld.Op != "ld" || strings.Join(ld.Mods, ".") != "global.nc.f32" {
			t.Errorf("op %q mods %q", ld.Op, ld.Mods)
		}
		if ld.Loc != (Loc{File: 1, Line: 19, Column: 9}) {
			t.Errorf("ld.global.nc.f32 loc %+v, want 1:19:9", ld.Loc)
		}
		if len(ld.Operands) != 2 || !eq(ld.Operands[0], Operand{Kind: Reg, Name: "%f1"}) ||
			ld.Operands[1].Kind != Addr || ld.Operands[1].Name == "" || ld.Operands[1].Int != 0 {
			t.Errorf("operands %+v", ld.Operands)
		}

		br := first(t, f, "@%p1 bra")
		if br.Guard != "%p1" || br.GuardNeg || br.Op != "bra" || len(br.Operands) != 1 ||
			!eq(br.Operands[0], Operand{Kind: Symbol, Name: "$L__BB0_3"}) {
			t.Errorf("guarded branch %+v", br)
		}
		if i, ok := f.Labels["$L__BB0_3"]; !ok || f.Body[i].Op != "ret" || f.Body[i].Loc.Line != 21 {
			t.Errorf("$L__BB0_3 -> %d, ok %v", i, ok)
		}
		loop := f.Body[f.Labels["$L__BB0_2"]]
		if loop.Text != "mul.wide.s32 %rd7, %r6, 4;" || !eq(loop.Operands[2], Operand{Kind: Int, Int: 4}) {
			t.Errorf("$L__BB0_2 -> %q", loop.Text)
		}
		if last := f.Body[len(f.Body)-1]; last.Op != "ret" || len(last.Operands) != 0 {
			t.Errorf("last instruction %q", last.Text)
		}

		stride := fn(t, m, "_Z13vecadd_stridePfPKfS1_i")
		if len(stride.Directives) == 0 || stride.Directives[0].Name != "pragma" ||
			strings.Join(stride.Directives[0].Args, ",") != "nounroll" {
			t.Errorf("stride directives %+v", stride.Directives)
		}
		shared := fn(t, m, "_Z13vecadd_sharedPfPKfS1_i")
		if len(shared.Vars) != 1 || shared.Vars[0].Space != Shared || shared.Vars[0].Type != "b8" ||
			len(shared.Vars[0].Dims) != 1 || shared.Vars[0].Dims[0] == 0 || shared.Vars[0].Align != 4 {
			t.Errorf("static shared %+v", shared.Vars)
		}
	})
}

func TestGrad1d(t *testing.T) {
	both(t, "lab-grad1d.ptx", func(t *testing.T, m *Module) {
		s := modVar(t, m, "s")
		want := Var{Space: Shared, Extern: true, Align: 16, Type: "b8", Name: "s", Dims: []int{0}, Line: s.Line}
		if s.Space != want.Space || !s.Extern || s.Align != 16 || s.Type != "b8" || len(s.Dims) != 1 || s.Dims[0] != 0 {
			t.Errorf("extern shared %+v, want %+v", s, want)
		}
		// ".loc 1 21 5, function_name $L__info_string0, inlined_at 1 32 N"
		// (the inlined wrap helper) comes right before this setp.
		f := fn(t, m, "dd_global")
		in := first(t, f, "setp.lt.s32 %p2, %r1, 1;")
		if in.Loc != (Loc{File: 1, Line: 21, Column: 5}) {
			t.Errorf("inlined .loc %+v, want 1:21:5", in.Loc)
		}
		sel := first(t, f, "selp.b32")
		if len(sel.Operands) != 4 || !eq(sel.Operands[2], Operand{Kind: Int}) || sel.Operands[3].Name != "%p2" {
			t.Errorf("selp operands %+v", sel.Operands)
		}
		neg := first(t, f, "add.s32 %r8, %r7, -1;")
		if !eq(neg.Operands[2], Operand{Kind: Int, Int: -1}) {
			t.Errorf("negative immediate %+v", neg.Operands[2])
		}
		for _, g := range m.Funcs {
			if strings.HasPrefix(g.Name, "$L__info") {
				t.Errorf(".section .debug_str not skipped: %s", g.Name)
			}
		}
	})
}

func TestLaunchcfg(t *testing.T) {
	both(t, "lab-launchcfg.ptx", func(t *testing.T, m *Module) {
		f := fn(t, m, "_Z11copy_unrollILi4EEvP7double2PKS0_i")
		if !f.Weak || f.Visible || !f.Entry {
			t.Errorf("template instance: weak %v visible %v", f.Weak, f.Visible)
		}
		copyIf := fn(t, m, "_Z7copy_ifP7double2PKS_i")
		ld := first(t, copyIf, "ld.global.nc.v4.u32")
		v := ld.Operands[0]
		if strings.Join(ld.Mods, ".") != "global.nc.v4.u32" || v.Kind != Vec || len(v.Elems) != 4 {
			t.Fatalf("vector load %+v", ld)
		}
		for _, e := range v.Elems {
			if e.Kind != Reg || !strings.HasPrefix(e.Name, "%r") {
				t.Errorf("vector element %+v", e)
			}
		}
		st := first(t, copyIf, "st.global.v4.u32")
		if st.Operands[0].Kind != Addr || st.Operands[1].Kind != Vec || len(st.Operands[1].Elems) != 4 {
			t.Errorf("vector store %+v", st.Operands)
		}
	})
}

func TestFloyd(t *testing.T) {
	both(t, "lab-floyd.ptx", func(t *testing.T, m *Module) {
		if len(m.Funcs) != 16 {
			t.Errorf("%d functions, want 16", len(m.Funcs))
		}
		f := fn(t, m, "_Z9fw_phase1ILi16ELb1EEvPiii")
		if len(f.Directives) == 0 || f.Directives[0].Name != "maxntid" ||
			strings.Join(f.Directives[0].Args, " ") != "256 1 1" {
			t.Errorf("directives %+v", f.Directives)
		}
	})
}

func TestExtraCalls(t *testing.T) {
	m := parseFile(t, "testdata/nvrtc11/extra-calls.ptx")
	mix := fn(t, m, "_Z3mixiif")
	if mix.Entry || mix.Visible || len(mix.Returns) != 1 || mix.Returns[0].Name != "func_retval0" ||
		mix.Returns[0].Type != "b32" || len(mix.Params) != 2 {
		t.Errorf("mix: returns %+v params %d", mix.Returns, len(mix.Params))
	}
	ret := first(t, mix, "st.param.b32")
	if !eq(ret.Operands[0], Operand{Kind: Addr, Name: "func_retval0"}) {
		t.Errorf("store of the return value %+v", ret.Operands[0])
	}
	if st := fn(t, m, "_Z11store_twicePii"); len(st.Returns) != 0 || len(st.Params) != 2 {
		t.Errorf("store_twice returns %d params %d", len(st.Returns), len(st.Params))
	}

	k := fn(t, m, "calls")
	calls := instrs(k, "call.uni")
	if len(calls) != 4 {
		t.Fatalf("%d calls, want 4", len(calls))
	}
	c := calls[0]
	if c.Text != "call.uni (retval0), _Z3mixiif, ( param0, param1 );" {
		t.Errorf("call text %q", c.Text)
	}
	if len(c.Operands) != 3 || c.Operands[0].Kind != List || len(c.Operands[0].Elems) != 1 ||
		!eq(c.Operands[0].Elems[0], Operand{Kind: Symbol, Name: "retval0"}) ||
		!eq(c.Operands[1], Operand{Kind: Symbol, Name: "_Z3mixiif"}) ||
		c.Operands[2].Kind != List || len(c.Operands[2].Elems) != 2 || c.Operands[2].Elems[1].Name != "param1" {
		t.Errorf("call operands %+v", c.Operands)
	}
	if c.Scope == 0 {
		t.Error("call outside its callseq block")
	}
	void := calls[1]
	if len(void.Operands) != 2 || void.Operands[0].Name != "_Z11store_twicePii" || void.Operands[1].Kind != List {
		t.Errorf("void call operands %+v", void.Operands)
	}
	if void.Scope == c.Scope {
		t.Error("two callseq blocks share a scope")
	}
	// The callseq block declares its .param variables and a scratch
	// register in its own scope.
	var params []string
	for _, v := range k.Vars {
		if v.Scope == c.Scope {
			params = append(params, string(v.Space)+":"+v.Name)
		}
	}
	if got := strings.Join(params, " "); got != "param:param0 param:param1 param:retval0" {
		t.Errorf("callseq 0 declares %q", got)
	}
	var tmp bool
	for _, r := range k.Regs {
		tmp = tmp || r.Prefix == "temp_param_reg" && r.Count == 0 && r.Scope == c.Scope
	}
	if !tmp {
		t.Errorf("temp_param_reg not declared in the callseq scope: %+v", k.Regs)
	}
	if ld := first(t, k, "ld.param.b32 %r7"); ld.Scope != c.Scope || !eq(ld.Operands[1], Operand{Kind: Addr, Name: "retval0"}) {
		t.Errorf("load of the return value %+v", ld)
	}
	if after := first(t, k, "shl.b32 %r8"); after.Scope != 0 {
		t.Errorf("instruction after the block in scope %d", after.Scope)
	}
}

func TestExtraLocal(t *testing.T) {
	m := parseFile(t, "testdata/nvrtc11/extra-local.ptx")
	f := fn(t, m, "local_hist")
	if len(f.Vars) != 1 {
		t.Fatalf("vars %+v", f.Vars)
	}
	d := f.Vars[0]
	if d.Space != Local || d.Name != "__local_depot0" || d.Align != 16 || d.Type != "b8" || len(d.Dims) != 1 || d.Dims[0] != 64 {
		t.Errorf("depot %+v", d)
	}
	var sp bool
	for _, r := range f.Regs {
		sp = sp || r.Prefix == "%SP" && r.Type == "b64" && r.Count == 0
	}
	if !sp {
		t.Errorf("%%SP not declared: %+v", f.Regs)
	}
	mov := first(t, f, "mov.u64 %SPL, __local_depot0;")
	if !eq(mov.Operands[0], Operand{Kind: Reg, Name: "%SPL"}) || !eq(mov.Operands[1], Operand{Kind: Symbol, Name: "__local_depot0"}) {
		t.Errorf("depot address %+v", mov.Operands)
	}
}

func TestExtraGlobals(t *testing.T) {
	m := parseFile(t, "testdata/nvrtc11/extra-globals.ptx")
	table := modVar(t, m, "table")
	if table.Space != Global || table.Align != 4 || table.Dims[0] != 32 || len(table.Init) != 32 {
		t.Fatalf("table %+v", table)
	}
	// -5 as little-endian bytes, then 0x7fffffff.
	for i, want := range map[int]int64{0: 1, 4: 2, 16: 251, 19: 255, 28: 255, 31: 127} {
		if !eq(table.Init[i], Operand{Kind: Int, Int: want}) {
			t.Errorf("table byte %d = %+v, want %d", i, table.Init[i], want)
		}
	}
	if g := modVar(t, m, "gscale"); g.Type != "f32" || len(g.Init) != 1 || !eq(g.Init[0], Operand{Kind: Float, Bits: 0x3FC00000}) {
		t.Errorf("gscale %+v", g)
	}
	if g := modVar(t, m, "gbias"); len(g.Init) != 1 || !eq(g.Init[0], Operand{Kind: Float, Bits: 0xBFD0000000000000, Double: true}) {
		t.Errorf("gbias %+v", g)
	}
	if p := modVar(t, m, "tablep"); p.Type != "u64" || len(p.Init) != 1 || !eq(p.Init[0], Operand{Kind: Symbol, Name: "table", Generic: true}) {
		t.Errorf("tablep %+v", p)
	}
	if c := modVar(t, m, "counter"); c.Init != nil || c.Type != "u64" || c.Align != 8 {
		t.Errorf("counter %+v", c)
	}
	if c := modVar(t, m, "coeffs"); c.Space != Const || len(c.Init) != 16 || !eq(c.Init[7], Operand{Kind: Int, Int: 191}) {
		t.Errorf("coeffs %+v", c)
	}
	if c := modVar(t, m, "cfg"); c.Space != Const || c.Init != nil || c.Dims[0] != 12 {
		t.Errorf("cfg %+v", c)
	}
	if c := modVar(t, m, "cd"); c.Space != Const || c.Init[0].Bits != 0x4008000000000000 {
		t.Errorf("cd %+v", c)
	}
}

func TestExtraWarpAndAtomics(t *testing.T) {
	w := fn(t, parseFile(t, "testdata/nvrtc11/extra-warp.ptx"), "warp_ops")
	shfl := first(t, w, "shfl.sync.down.b32")
	p := shfl.Operands[0]
	if p.Kind != Pair || len(p.Elems) != 2 || p.Elems[0].Kind != Reg || !strings.HasPrefix(p.Elems[1].Name, "%p") {
		t.Errorf("shfl destination %+v", p)
	}
	if len(shfl.Operands) != 5 || strings.Join(shfl.Mods, ".") != "sync.down.b32" {
		t.Errorf("shfl %+v", shfl)
	}
	if bar := first(t, w, "bar.warp.sync"); !eq(bar.Operands[0], Operand{Kind: Int, Int: -1}) {
		t.Errorf("bar.warp.sync %+v", bar.Operands)
	}
	a := fn(t, parseFile(t, "testdata/nvrtc11/extra-atomics.ptx"), "atomics")
	cas := first(t, a, "atom.global.cas.b32")
	if len(cas.Operands) != 4 || cas.Operands[1].Kind != Addr {
		t.Errorf("cas %+v", cas.Operands)
	}
	if f := first(t, a, "atom.global.add.f32"); !eq(f.Operands[2], Operand{Kind: Float, Bits: 0x3F000000}) {
		t.Errorf("float atomic operand %+v", f.Operands[2])
	}
}

// handPTX covers forms NVRTC emits rarely or that the samples lack.
const handPTX = `
.version 8.0
.target sm_90, debug
.address_size 64

/* a block
   comment */
.file 1 "a.cu", 1700000000, 1234
.file 2 "dir/b.h"
.const .align 4 .f32 c = 0f3F800000;
.global .align 4 .b8 x[8] = {1, 0, 0, 0, 2, 0, 0, 0};
.global .align 8 .u64 p = generic(x);
.global .align 8 .u64 q[2] = {x, x+4};
.global .f64 dec = 1.5;
.visible .global .attribute(.managed) .align 4 .u32 managed = 7;
.global .align 4 .u32 nested[2][2] = {{1, 2}, {3, 4}};
.extern .shared .align 16 .b8 dyn[];

.extern .func (.param .b32 func_retval0) ext (.param .b64 a);

.func (.param .b32 retval) twice(.param .b32 v)
{
	.reg .b32 %r<3>;
	ld.param.b32 %r1, [v];
	add.s32 %r2, %r1, %r1;
	st.param.b32 [retval+0], %r2;
	ret;
}

.alias twice2, twice;

.visible .entry k(
	.param .u64 .ptr .global .align 1 k_param_0,
	.param .align 8 .b8 k_param_1[16]
)
.reqntid 128, 1, 1
.minnctapersm 2
{
	.reg .pred p, q;
	.reg .pred %p<3>;
	.reg .b32 %r<9>;
	.reg .b64 %rd<4>;
	.reg .f32 %f<2>;
	.reg .f64 %fd<2>;
	.shared .align 4 .b8 s[16];
	.loc 2 7 3
	mov.u32 %r1, %laneid;          // a comment
	mov.u64 %rd1, %clock64;
	mov.u32 %r2, %lanemask_lt;
	setp.eq.s32 p, %r1, 0;
	@!p bra DONE;
	@q bra.uni DONE;
	and.pred %p1, !%p2, p;
	mov.b64 %rd2, 0xFFFFFFFFFFFFFFFF;
	mov.u32 %r3, 0x7fU;
	mov.u32 %r4, 17U;
	mov.u32 %r5, -2147483648;
	mov.f64 %fd1, 0dBFF0000000000000;
	mov.f32 %f1, -0f3F800000;
	ld.global.u32 %r6, [%rd1+-4];
	ld.shared.u32 %r7, [s+4];
	st.shared.u32 [s], %r7;
	ld.shared.v2.u32 {%r1, _}, [%rd1-8];
	mov.u64 %rd3, x+4;
	.pragma "nounroll", "other";
	{
		.reg .b32 temp;
		.param .b32 param0;
		.param .b32 retval0;
		mov.b32 temp, %r1;
		st.param.b32 [param0+0], temp;
		call.uni (retval0), twice, (param0);
		{
			.reg .b32 inner;
			ld.param.b32 inner, [retval0+0];
		}
	}
	call.uni ext, ();
DONE:
	ret;
}
`

func TestHandWritten(t *testing.T) {
	m := parseString(t, handPTX)
	if m.Version != "8.0" || m.Target != "sm_90,debug" || m.AddressSize != 64 {
		t.Errorf("header %q %q %d", m.Version, m.Target, m.AddressSize)
	}
	if m.Files[1] != "a.cu" || m.Files[2] != "dir/b.h" {
		t.Errorf("files %v", m.Files)
	}
	if c := modVar(t, m, "c"); c.Space != Const || c.Type != "f32" || !eq(c.Init[0], Operand{Kind: Float, Bits: 0x3F800000}) {
		t.Errorf("c %+v", c)
	}
	if x := modVar(t, m, "x"); len(x.Init) != 8 || x.Init[4].Int != 2 {
		t.Errorf("x %+v", x)
	}
	if q := modVar(t, m, "q"); len(q.Init) != 2 || !eq(q.Init[1], Operand{Kind: Symbol, Name: "x", Int: 4}) {
		t.Errorf("q %+v", q)
	}
	if d := modVar(t, m, "dec"); !eq(d.Init[0], Operand{Kind: Float, Bits: 0x3FF8000000000000, Double: true}) {
		t.Errorf("dec %+v", d)
	}
	if v := modVar(t, m, "managed"); strings.Join(v.Attributes, ",") != "managed" || v.Align != 4 || v.Init[0].Int != 7 {
		t.Errorf("managed %+v", v)
	}
	if n := modVar(t, m, "nested"); len(n.Dims) != 2 || len(n.Init) != 4 || n.Init[3].Int != 4 {
		t.Errorf("nested %+v", n)
	}
	if len(m.Aliases) != 1 || m.Aliases[0].Name != "twice2" || m.Aliases[0].Target != "twice" {
		t.Errorf("aliases %+v", m.Aliases)
	}
	ext := fn(t, m, "ext")
	if !ext.Extern || ext.Body != nil || len(ext.Returns) != 1 || len(ext.Params) != 1 {
		t.Errorf("extern declaration %+v", ext)
	}
	if tw := fn(t, m, "twice"); tw.Returns[0].Name != "retval" || len(tw.Body) != 4 || tw.Body[0].Loc != (Loc{}) {
		t.Errorf("twice %+v", tw)
	}

	k := fn(t, m, "k")
	if k.Params[0].PtrSpace != Global || k.Params[0].Align != 1 || k.Params[0].Type != "u64" {
		t.Errorf("pointer param %+v", k.Params[0])
	}
	if k.Params[1].Align != 8 || k.Params[1].Dims[0] != 16 {
		t.Errorf("struct param %+v", k.Params[1])
	}
	var dirs []string
	for _, d := range k.Directives {
		dirs = append(dirs, d.Name+"("+strings.Join(d.Args, ",")+")")
	}
	if got := strings.Join(dirs, " "); got != "reqntid(128,1,1) minnctapersm(2) pragma(nounroll,other)" {
		t.Errorf("directives %s", got)
	}

	ops := func(prefix string) []Operand { return first(t, k, prefix).Operands }
	for prefix, want := range map[string]Operand{
		"mov.u32 %r1,":   {Kind: Reg, Name: "%laneid"},
		"mov.u64 %rd1,":  {Kind: Reg, Name: "%clock64"},
		"mov.u32 %r2,":   {Kind: Reg, Name: "%lanemask_lt"},
		"mov.b64 %rd2,":  {Kind: Int, Int: -1},
		"mov.u32 %r3,":   {Kind: Int, Int: 0x7f},
		"mov.u32 %r4,":   {Kind: Int, Int: 17},
		"mov.u32 %r5,":   {Kind: Int, Int: -2147483648},
		"mov.f64 %fd1,":  {Kind: Float, Bits: 0xBFF0000000000000, Double: true},
		"mov.f32 %f1,":   {Kind: Float, Bits: 0xBF800000},
		"ld.global.u32":  {Kind: Addr, Name: "%rd1", Int: -4},
		"ld.shared.u32":  {Kind: Addr, Name: "s", Int: 4},
		"mov.u64 %rd3,":  {Kind: Symbol, Name: "x", Int: 4},
		"mov.b32 temp,":  {Kind: Reg, Name: "%r1"},
		"setp.eq.s32 p,": {Kind: Int},
	} {
		if got := ops(prefix); len(got) != 2 && len(got) != 3 || !eq(got[len(got)-1], want) && !eq(got[1], want) {
			t.Errorf("%s: operands %+v, want one %+v", prefix, got, want)
		}
	}
	if o := ops("st.shared.u32"); !eq(o[0], Operand{Kind: Addr, Name: "s"}) {
		t.Errorf("[s] = %+v", o[0])
	}
	if o := ops("setp.eq.s32 p,"); !eq(o[0], Operand{Kind: Reg, Name: "p"}) {
		t.Errorf("plain predicate register %+v", o[0])
	}
	if o := ops("and.pred"); !eq(o[1], Operand{Kind: Reg, Name: "%p2", Not: true}) || !eq(o[2], Operand{Kind: Reg, Name: "p"}) {
		t.Errorf("negated source %+v", o)
	}
	if in := first(t, k, "@!p bra"); in.Guard != "p" || !in.GuardNeg || in.Op != "bra" {
		t.Errorf("negated guard %+v", in)
	}
	if in := first(t, k, "@q bra.uni"); in.Guard != "q" || in.GuardNeg || in.Mods[0] != "uni" {
		t.Errorf("plain guard %+v", in)
	}
	if v := ops("ld.shared.v2.u32")[0]; v.Kind != Vec || !eq(v.Elems[1], Operand{Kind: Reg, Name: "_"}) {
		t.Errorf("sink %+v", v)
	}
	if a := ops("ld.shared.v2.u32")[1]; !eq(a, Operand{Kind: Addr, Name: "%rd1", Int: -8}) {
		t.Errorf("[%%rd1-8] = %+v", a)
	}
	mov := first(t, k, "mov.u32 %r1, %laneid;")
	if mov.Loc != (Loc{File: 2, Line: 7, Column: 3}) {
		t.Errorf("loc %+v", mov.Loc)
	}
	call := first(t, k, "call.uni (retval0), twice")
	inner := first(t, k, "ld.param.b32 inner")
	if call.Scope == 0 || inner.Scope == call.Scope || inner.Operands[0].Kind != Reg {
		t.Errorf("scopes: call %d inner %d (%+v)", call.Scope, inner.Scope, inner.Operands[0])
	}
	if o := ops("call.uni ext"); len(o) != 2 || o[1].Kind != List || len(o[1].Elems) != 0 {
		t.Errorf("empty argument list %+v", o)
	}
	if i := k.Labels["DONE"]; k.Body[i].Op != "ret" || i != len(k.Body)-1 {
		t.Errorf("DONE -> %d", i)
	}
}

// BenchmarkParseFloyd parses the largest sample (about 14,000 lines).
func BenchmarkParseFloyd(b *testing.B) {
	src, err := os.ReadFile("testdata/nvrtc11/lab-floyd.ptx")
	if err != nil {
		b.Fatal(err)
	}
	b.SetBytes(int64(len(src)))
	for b.Loop() {
		if _, err := Parse("lab-floyd.ptx", src); err != nil {
			b.Fatal(err)
		}
	}
}

// TestJumpTablesAndIndirectCalls covers forms of newer PTX: cache-hint
// modifiers with "::", switch tables, indirect calls through a prototype,
// and vector operands that pack registers.
func TestJumpTablesAndIndirectCalls(t *testing.T) {
	m := parseString(t, head+`
.visible .entry k(.param .u64 p)
{
	.reg .b32 %r<4>;
	.reg .b64 %rd<3>;
	ld.global.nc.L1::no_allocate.L2::256B.f32 %r1, [%rd1];
	mov.b64 {%r2, %r3}, %rd2;
	brx.idx %r1, $L_tab;
$L_tab: .branchtargets $L_a, $L_b;
$L_a:
	{
	.param .b32 param0;
	.param .b32 retval0;
	prototype_0 : .callprototype (.param .b32 _) _ (.param .b32 _);
	call (retval0), %rd1, (param0), prototype_0;
	}
$L_b:
	ret;
}
`)
	k := fn(t, m, "k")
	ld := first(t, k, "ld.global")
	if strings.Join(ld.Mods, " ") != "global nc L1::no_allocate L2::256B f32" {
		t.Errorf("mods %q", ld.Mods)
	}
	if o := first(t, k, "mov.b64").Operands; o[0].Kind != Vec || len(o[0].Elems) != 2 || o[1].Name != "%rd2" {
		t.Errorf("unpack %+v", o)
	}
	if len(k.Directives) != 2 {
		t.Fatalf("directives %+v", k.Directives)
	}
	if d := k.Directives[0]; d.Name != "branchtargets" || strings.Join(d.Args, " ") != "$L_tab $L_a $L_b" {
		t.Errorf("branch table %+v", d)
	}
	if d := k.Directives[1]; d.Name != "callprototype" || len(d.Args) != 2 || d.Args[0] != "prototype_0" ||
		d.Args[1] != "(.param .b32 _) _ (.param .b32 _)" {
		t.Errorf("prototype %+v", d)
	}
	if k.Labels["$L_tab"] != 3 || k.Labels["$L_a"] != 3 || k.Labels["$L_b"] != 4 {
		t.Errorf("labels %v", k.Labels)
	}
	call := first(t, k, "call ")
	if len(call.Operands) != 4 || !eq(call.Operands[1], Operand{Kind: Reg, Name: "%rd1"}) || call.Operands[3].Name != "prototype_0" {
		t.Errorf("indirect call %+v", call.Operands)
	}
}

// TestMisc parses PTX with printf, assert, an indirect call and a managed
// variable: kept apart from nvrtc11/ because the virtual GPU loads every
// file there.
func TestMisc(t *testing.T) {
	m := parseFile(t, "testdata/parseonly/misc.ptx")
	if v := modVar(t, m, "mcount"); strings.Join(v.Attributes, ",") != "managed" || v.Init[0].Int != 3 {
		t.Errorf("managed variable %+v", v)
	}
	if s := modVar(t, m, "$str"); s.Dims[0] != 14 || len(s.Init) != 14 || s.Init[0].Int != 'o' {
		t.Errorf("printf format %+v", s)
	}
	vp := fn(t, m, "vprintf")
	if !vp.Extern || vp.Body != nil || len(vp.Returns) != 1 || len(vp.Params) != 2 {
		t.Errorf("vprintf declaration %+v", vp)
	}
	k := fn(t, m, "misc")
	var proto string
	for _, d := range k.Directives {
		if d.Name == "callprototype" {
			proto = strings.Join(d.Args, " ")
		}
	}
	if proto != "prototype_0 (.param .b32 _) _ (.param .b32 _)" {
		t.Errorf("prototype %q", proto)
	}
	call := first(t, k, "call (retval0),")
	if len(call.Operands) != 4 || call.Operands[1].Kind != Reg || call.Operands[3].Name != "prototype_0" {
		t.Errorf("indirect call %+v", call.Operands)
	}
	if p := first(t, k, "call.uni (retval0), vprintf"); p.Operands[2].Kind != List || len(p.Operands[2].Elems) != 2 {
		t.Errorf("vprintf call %+v", p.Operands)
	}
}
