package alu

import (
	"errors"
	"math"
	"math/rand/v2"
	"strings"
	"testing"
)

// exec runs the instruction spelled like "mul.wide.s32" on operands
// broadcast to all lanes, once with every lane active and once with
// alternate lanes, and returns lane 0's result. It fails the test if the
// two disagree or if an inactive lane was written.
func exec(t *testing.T, spell string, srcs ...uint64) uint64 {
	t.Helper()
	parts := strings.Split(spell, ".")
	k, err := Lookup(parts[0], parts[1:])
	if err != nil {
		t.Fatalf("Lookup(%s): %v", spell, err)
	}
	if k.Srcs != len(srcs) {
		t.Fatalf("%s: Srcs = %d, test gives %d", spell, k.Srcs, len(srcs))
	}
	var ops [4]Vec
	for i, s := range srcs {
		for l := range ops[i] {
			ops[i][l] = s
		}
	}
	call := func(d *Vec, m uint32) {
		if k.Fn4 != nil {
			k.Fn4(d, &ops[0], &ops[1], &ops[2], &ops[3], m)
		} else {
			k.Fn(d, &ops[0], &ops[1], &ops[2], m)
		}
	}
	var all, half Vec
	const poison = 0xDEADBEEF
	for l := range half {
		half[l] = poison
	}
	call(&all, full)
	call(&half, 0x55555555)
	for l := range half {
		switch {
		case l%2 == 0 && half[l] != all[l]:
			t.Fatalf("%s: lane %d under a partial mask = %#x, full mask = %#x", spell, l, half[l], all[l])
		case l%2 == 1 && half[l] != poison:
			t.Fatalf("%s: inactive lane %d written", spell, l)
		case all[l] != all[0]:
			t.Fatalf("%s: lanes disagree", spell)
		}
	}
	return all[0]
}

type tcase struct {
	spell string
	srcs  []uint64
	want  uint64
}

func runCases(t *testing.T, cases []tcase) {
	t.Helper()
	for _, c := range cases {
		if got := exec(t, c.spell, c.srcs...); got != c.want {
			t.Errorf("%s %#x = %#x, want %#x", c.spell, c.srcs, got, c.want)
		}
	}
}

func ops(xs ...uint64) []uint64 { return xs }

// s32 and s64 give a signed value's register form.
func s32(x int32) uint64 { return uint64(uint32(x)) }
func s64(x int64) uint64 { return uint64(x) }

func f32(x float32) uint64 { return uint64(math.Float32bits(x)) }
func f64(x float64) uint64 { return math.Float64bits(x) }

var (
	inf32  = f32(float32(math.Inf(1)))
	ninf32 = f32(float32(math.Inf(-1)))
	nz32   = uint64(sign32) // -0.0
	max32  = f32(math.MaxFloat32)
	den32  = uint64(1) // smallest subnormal
	snan32 = uint64(0x7F800001)
	inf64  = f64(math.Inf(1))
	nz64   = uint64(sign64)
)

func TestLookupErrors(t *testing.T) {
	for _, c := range []struct {
		op   string
		mods []string
		want error
		text string
	}{
		{"mul", []string{"hi", "f32"}, ErrNotPTX, "alu: mul.hi.f32 is not a PTX instruction"},
		{"frob", nil, ErrNotPTX, "alu: frob is not a PTX instruction"},
		{"mov", []string{"u32"}, ErrNotImplemented, "alu: mov.u32 is not implemented"},
		{"vadd", []string{"u32", "u32", "u32"}, ErrNotImplemented, "alu: vadd.u32.u32.u32 is not implemented"},
		{"add", []string{"cc", "f32"}, ErrNotPTX, ""},
		{"addc", []string{"u16"}, ErrNotPTX, ""},
		{"neg", []string{"bf16"}, ErrNotImplemented, ""},
		{"mul", nil, ErrNotPTX, ""},
		{"add", []string{"rz", "f16"}, ErrNotPTX, ""},
		{"add", []string{"s32", "s32"}, ErrNotPTX, ""},
		{"add", []string{"sat", "u32"}, ErrNotPTX, ""},
		{"add", []string{"ftz", "f64"}, ErrNotPTX, ""},
		{"fma", []string{"f32"}, ErrNotPTX, ""},
		{"div", []string{"f32"}, ErrNotPTX, ""},
		{"mul", []string{"s32"}, ErrNotPTX, ""},
		{"mul", []string{"wide", "s64"}, ErrNotPTX, ""},
		{"setp", []string{"lt", "b32"}, ErrNotPTX, ""},
		{"setp", []string{"lo", "s32"}, ErrNotPTX, ""},
		{"setp", []string{"lt", "ftz", "f64"}, ErrNotPTX, ""},
		{"setp", []string{"ltu", "s32"}, ErrNotPTX, ""},
		{"add", []string{"rn", "rn", "f32"}, ErrNotPTX, ""},
		{"setp", []string{"lt", "and", "or", "s32"}, ErrNotPTX, ""},
		{"cvt", []string{"s32", "f32"}, ErrNotPTX, ""},
		{"cvt", []string{"f32", "s32"}, ErrNotPTX, ""},
		{"cvt", []string{"f32", "f64"}, ErrNotPTX, ""},
		{"cvt", []string{"rn", "f64", "f32"}, ErrNotPTX, ""},
		{"shl", []string{"s32"}, ErrNotPTX, ""},
		{"add", []string{"u32", "bogus"}, ErrNotPTX, ""},
		{"sin", []string{"f32"}, ErrNotPTX, ""},
		{"tanh", []string{"approx", "f16"}, ErrNotImplemented, ""},
	} {
		_, err := Lookup(c.op, c.mods)
		if !errors.Is(err, c.want) {
			t.Errorf("Lookup(%s %v) = %v, want %v", c.op, c.mods, err, c.want)
			continue
		}
		if c.text != "" && !strings.HasPrefix(err.Error(), c.text) {
			t.Errorf("Lookup(%s %v) says %q, want it to begin %q", c.op, c.mods, err, c.text)
		}
	}
}

// TestOpsAllLookUp: every spelling Ops lists is accepted, and the list is
// not trivially small.
func TestOpsAllLookUp(t *testing.T) {
	all := Ops()
	if len(all) < 500 {
		t.Fatalf("Ops lists %d spellings", len(all))
	}
	for _, s := range all {
		parts := strings.Split(s, ".")
		k, err := Lookup(parts[0], parts[1:])
		if err != nil {
			t.Errorf("%s: %v", s, err)
			continue
		}
		fns := 0
		for _, set := range []bool{k.Fn != nil, k.Fn4 != nil, k.FnCC != nil} {
			if set {
				fns++
			}
		}
		if fns != 1 || k.Srcs < 1 || k.Srcs > 4 || (k.Fn4 != nil) != (k.Srcs == 4) || (k.FnCC == nil) == (k.CarryIn || k.CarryOut) {
			t.Errorf("%s: malformed Kernel %+v", s, k)
		}
	}
}

// TestAliasing: d may be one of the sources.
func TestAliasing(t *testing.T) {
	k, err := Lookup("mad", []string{"lo", "s32"})
	if err != nil {
		t.Fatal(err)
	}
	var a, b, c Vec
	for l := range a {
		a[l], b[l], c[l] = uint64(l), 3, 1
	}
	k.Fn(&a, &a, &b, &c, full)
	for l := range a {
		if a[l] != uint64(3*l+1) {
			t.Fatalf("lane %d = %d", l, a[l])
		}
	}
}

func lookupSpell(t testing.TB, spell string) Kernel {
	t.Helper()
	parts := strings.Split(spell, ".")
	k, err := Lookup(parts[0], parts[1:])
	if err != nil {
		t.Fatal(err)
	}
	return k
}

// TestNoAllocs: no Fn allocates, on any instruction Ops lists.
func TestNoAllocs(t *testing.T) {
	var d, a, b, c, e Vec
	for l := range a {
		a[l], b[l], c[l], e[l] = uint64(l)*0x9E3779B97F4A7C15, uint64(l)<<40|3, 0x3FF0000000000001, 7
	}
	for _, s := range Ops() {
		k := lookupSpell(t, s)
		var run func()
		switch {
		case k.Fn4 != nil:
			run = func() { k.Fn4(&d, &a, &b, &c, &e, full) }
		case k.FnCC != nil:
			run = func() { k.FnCC(&d, &a, &b, &c, &e, full) }
		default:
			run = func() { k.Fn(&d, &a, &b, &c, full) }
		}
		if n := testing.AllocsPerRun(3, run); n != 0 {
			t.Errorf("%s allocates %v times per warp", s, n)
		}
	}
}

// TestLookupNeverPanics: random modifier lists, valid or not, give a
// Kernel or an error, never a panic; a Kernel is always well formed.
func TestLookupNeverPanics(t *testing.T) {
	vocab := []string{}
	for _, s := range Ops() {
		vocab = append(vocab, strings.Split(s, ".")[1:]...)
	}
	vocab = append(vocab, "bogus", "", "s8", "b8", "pred", "f16", "bf16x2", "cc", "relu", "NaN")
	var opsList []string
	for op := range builders {
		opsList = append(opsList, op)
	}
	r := rand.New(rand.NewPCG(11, 12))
	for range 100000 {
		op := opsList[r.IntN(len(opsList))]
		mods := make([]string, r.IntN(6))
		for i := range mods {
			mods[i] = vocab[r.IntN(len(vocab))]
		}
		func() {
			defer func() {
				if p := recover(); p != nil {
					t.Fatalf("Lookup(%s, %q) panics: %v", op, mods, p)
				}
			}()
			k, err := Lookup(op, mods)
			if err == nil && k.Fn == nil && k.Fn4 == nil && k.FnCC == nil {
				t.Fatalf("Lookup(%s, %q): no function", op, mods)
			}
		}()
	}
}
