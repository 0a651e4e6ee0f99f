package main

import (
	"fmt"
	"math"
	"math/big"
	"math/bits"
	"os"
	"strings"
	"testing"

	"github.com/culab/culab/cudalib"
	"github.com/culab/culab/cudalib/nvrtc"
)

func TestKernelDeclarations(t *testing.T) {
	ks, err := allKernels()
	if err != nil {
		t.Fatal(err)
	}
	seen := map[string]bool{}
	approxDeclared := map[string]bool{}
	for _, k := range ks {
		if seen[k.String()] {
			t.Errorf("%s declared twice", k)
		}
		seen[k.String()] = true
		if k.src.file == "approx.cu" {
			approxDeclared[k.name] = true
			if _, ok := approxSpecs[k.name]; !ok {
				t.Errorf("%s has no approxSpec: its bound is unknown", k)
			}
		}
	}
	for name := range approxSpecs {
		if !approxDeclared[name] {
			t.Errorf("approxSpec %s names no kernel of approx.cu", name)
		}
	}
	if len(ks) < 300 {
		t.Errorf("only %d kernels read from the sources; the declaration pattern misses some", len(ks))
	}
}

func TestInputs(t *testing.T) {
	k := testKernel{src: source{file: "float.cu"}, name: "fadd_rn", classes: [3]string{"F32", "F32", "NONE"}}
	a1, b1, _ := inputs(k, 4096, 7)
	a2, b2, c2 := inputs(k, 4096, 7)
	for i := range a1 {
		if a1[i] != a2[i] || b1[i] != b2[i] || c2[i] != 0 {
			t.Fatalf("element %d differs between two draws with one seed (or c of class NONE is not 0)", i)
		}
	}
	// Every pair of f32 specials fits in half of 4096: NaN payload meets -Inf.
	found := false
	for i := range a1 {
		if a1[i] == 0x7fc12345 && b1[i] == 0xff800000 {
			found = true
		}
	}
	if !found {
		t.Error("the pair (NaN with payload, -Inf) is not among the inputs")
	}
	a3, _, _ := inputs(k, 4096, 8)
	same := 0
	for i := range a1 {
		if a1[i] == a3[i] {
			same++
		}
	}
	if same == len(a1) {
		t.Error("another seed draws the same inputs")
	}
}

func TestBoundRatio(t *testing.T) {
	if got := ulp32(1); got != 0x1p-23 {
		t.Errorf("ulp32(1) = %g, want 2^-23", got)
	}
	if got := ulp32(0x1p-140); got != 0x1p-149 {
		t.Errorf("ulp32(2^-140) = %g, want 2^-149", got)
	}
	if q := (bound{ulpErr, 2}).ratio(1+0x1p-23, 1); q != 0.5 {
		t.Errorf("one ulp against a 2-ulp bound: ratio %g, want 0.5", q)
	}
	s := approxSpec{}
	if d := s.ulpDiff(uint64(math.Float32bits(float32(math.Copysign(0, -1)))), uint64(math.Float32bits(0x1p-149))); d != 1 {
		t.Errorf("ulps from -0 to the smallest subnormal: %g, want 1", d)
	}
}

// virtualDevice opens the virtual GPU, or skips the test where NVRTC is
// missing (the virtual GPU compiles with it).
func virtualDevice(t *testing.T) *device {
	t.Helper()
	if _, err := nvrtc.Load(); err != nil {
		t.Skipf("NVRTC is not installed, so no kernel can be compiled: %v", err)
	}
	v, err := cudalib.OpenVirtual()
	if err != nil {
		t.Fatalf("open the virtual GPU: %v", err)
	}
	return newDevice("virtual GPU", v)
}

// TestVirtualGPU runs every kernel on the virtual GPU. Kernels outside
// extra.cu (the rarer instructions) must run, approximate ones within
// their bounds, and the ones with a Go reference below must match it on
// every element.
func TestVirtualGPU(t *testing.T) {
	virt := virtualDevice(t)
	ks, err := allKernels()
	if err != nil {
		t.Fatal(err)
	}
	const n = 1024
	checked := map[string]bool{}
	for _, k := range ks {
		r := runOne(k, config{n: n, seed: 3}, virt, nil)
		if r.err != nil {
			if k.src.file == "extra.cu" {
				t.Logf("%s: the virtual GPU cannot run it yet: %v", k, r.err)
			} else {
				t.Errorf("%s: %v", k, r.err)
			}
			continue
		}
		if r.failed() {
			t.Errorf("%s: outside its bound: error/bound %.3g at %s; %d special mismatches: %s",
				k, r.approx.worstV, r.approx.worstAt, r.approx.specialBad, r.approx.firstBad)
		}
		ref, ok := references[k.name]
		if !ok || len(k.src.opts) > 0 {
			continue
		}
		checked[k.name] = true
		a, b, c := inputs(k, n, 3)
		out, err := virt.run(k, a, b, c)
		if err != nil {
			t.Fatal(err)
		}
		want := ref(a, b, c)
		bad := 0
		for i := range out {
			if want[i].ok && out[i] != want[i].v {
				if bad < 3 {
					t.Errorf("%s: %s: got %#x, want %#x", k, element(i, a, b, c), out[i], want[i].v)
				}
				bad++
			}
		}
		if bad > 0 {
			t.Errorf("%s: %d of %d elements differ from the Go reference", k, bad, n)
		}
	}
	for name := range references {
		if !checked[name] {
			t.Errorf("reference %s checked no kernel", name)
		}
	}
}

// TestReport runs a few kernels through diff and reads the report.
func TestReport(t *testing.T) {
	virtualDevice(t)
	out := t.TempDir() + "/report.md"
	failed, err := diff(config{out: out, n: 256, seed: 1, run: `^(int\.cu: add_s32|approx\.cu: sin_approx)$`, virtualOnly: true})
	if err != nil {
		t.Fatal(err)
	}
	if failed != 0 {
		t.Errorf("%d kernels failed", failed)
	}
	data, err := readFile(out)
	if err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{"2 kernels: 1 exact", "| int.cu | `add_s32` | I32, I32 | 256 | — |", "| `sin_approx` | TRIG | abs 2^-20.5 on [-π, π] |"} {
		if !strings.Contains(data, want) {
			t.Errorf("report lacks %q:\n%s", want, data)
		}
	}
}

// want is one reference result; ok is false where the reference does not
// say (a machine-specific result, or one the reference cannot compute).
type want struct {
	v  uint64
	ok bool
}

type refFunc func(a, b, c []uint64) []want

// elementwise makes a reference from a function of one element.
func elementwise(f func(a, b, c uint64) (uint64, bool)) refFunc {
	return func(a, b, c []uint64) []want {
		out := make([]want, len(a))
		for i := range a {
			out[i].v, out[i].ok = f(a[i], b[i], c[i])
		}
		return out
	}
}

func yes(v uint64) (uint64, bool) { return v, true }

// bigRound computes op on x and y (and z) exactly and rounds to prec bits
// in mode; ok is false for non-finite inputs and results outside the
// normal range, which big.Float does not model.
func bigRound(prec uint, mode big.RoundingMode, f func(x, y, z *big.Float) *big.Float, xs ...float64) (float64, bool) {
	var in [3]*big.Float
	for i := range in {
		in[i] = new(big.Float).SetPrec(0)
		if i < len(xs) {
			if math.IsNaN(xs[i]) || math.IsInf(xs[i], 0) {
				return 0, false
			}
			in[i].SetFloat64(xs[i])
		}
	}
	e := f(in[0], in[1], in[2]) // exact, or to 1000 bits
	min := 0x1p-126
	if prec == 53 {
		min = 0x1p-1022
	}
	if new(big.Float).Abs(e).Cmp(big.NewFloat(min)) < 0 {
		return 0, false // zero or subnormal: big.Float has no subnormals
	}
	v, _ := new(big.Float).SetPrec(prec).SetMode(mode).Set(e).Float64()
	if math.IsInf(v, 0) || prec == 24 && math.Abs(v) > math.MaxFloat32 {
		return 0, false
	}
	return v, true
}

func exact(op func(z, x, y *big.Float) *big.Float) func(x, y, _ *big.Float) *big.Float {
	return func(x, y, _ *big.Float) *big.Float { return op(new(big.Float).SetPrec(1000), x, y) }
}

func f32v(w uint64) float64 { return float64(math.Float32frombits(uint32(w))) }
func f64v(w uint64) float64 { return math.Float64frombits(w) }

// warpShfl is a shuffle reference: src gives each lane's source lane
// within its warp, or -1 to keep its own value.
func warpShfl(src func(lane int, b uint64) int) refFunc {
	return func(a, b, _ []uint64) []want {
		out := make([]want, len(a))
		for i := range a {
			s := src(i%32, b[i])
			if s < 0 {
				s = i % 32
			}
			out[i] = want{uint64(uint32(a[i-i%32+s])), true}
		}
		return out
	}
}

// references are Go versions of some kernels, written from the PTX ISA's
// descriptions.
var references = map[string]refFunc{
	"add_sat_s32": elementwise(func(a, b, _ uint64) (uint64, bool) {
		s := int64(int32(a)) + int64(int32(b))
		return yes(uint64(uint32(int32(max(min(s, math.MaxInt32), math.MinInt32)))))
	}),
	"mul_hi_s32": elementwise(func(a, b, _ uint64) (uint64, bool) {
		return yes(uint64(uint32((int64(int32(a)) * int64(int32(b))) >> 32)))
	}),
	"mul_wide_u32": elementwise(func(a, b, _ uint64) (uint64, bool) { return yes(uint64(uint32(a)) * uint64(uint32(b))) }),
	"mul_hi_u64": elementwise(func(a, b, _ uint64) (uint64, bool) {
		hi, _ := bits.Mul64(a, b)
		return yes(hi)
	}),
	"rem_s64": elementwise(func(a, b, _ uint64) (uint64, bool) {
		if b == 0 || int64(a) == math.MinInt64 && int64(b) == -1 {
			return 0, false // machine-specific
		}
		return yes(uint64(int64(a) % int64(b)))
	}),
	"shl_b32":  elementwise(func(a, b, _ uint64) (uint64, bool) { return yes(uint64(uint32(a) << min(uint32(b), 32))) }),
	"shr_s32":  elementwise(func(a, b, _ uint64) (uint64, bool) { return yes(uint64(uint32(int32(a) >> min(uint32(b), 31)))) }),
	"shr_u64":  elementwise(func(a, b, _ uint64) (uint64, bool) { return yes(a >> min(uint32(b), 64)) }),
	"popc_b64": elementwise(func(a, _, _ uint64) (uint64, bool) { return yes(uint64(bits.OnesCount64(a))) }),
	"clz_b32":  elementwise(func(a, _, _ uint64) (uint64, bool) { return yes(uint64(bits.LeadingZeros32(uint32(a)))) }),
	"brev_b32": elementwise(func(a, _, _ uint64) (uint64, bool) { return yes(uint64(bits.Reverse32(uint32(a)))) }),
	"bfind_u32": elementwise(func(a, _, _ uint64) (uint64, bool) {
		if uint32(a) == 0 {
			return yes(0xffffffff)
		}
		return yes(uint64(31 - bits.LeadingZeros32(uint32(a))))
	}),
	"bfe_u32": elementwise(func(a, b, _ uint64) (uint64, bool) {
		pos, n := b&0xff, (b>>8)&0xff
		var d uint64
		for i := uint64(0); i < 32; i++ {
			if i < n && pos+i <= 31 {
				d |= (a >> (pos + i) & 1) << i
			}
		}
		return yes(d)
	}),
	"shf_l_clamp": elementwise(func(a, b, c uint64) (uint64, bool) {
		n := min(uint32(c), 32)
		return yes(uint64(uint32((uint64(uint32(b))<<32 | uint64(uint32(a))) << n >> 32)))
	}),
	"shf_r_wrap": elementwise(func(a, b, c uint64) (uint64, bool) {
		n := uint32(c) & 31
		return yes(uint64(uint32((uint64(uint32(b))<<32 | uint64(uint32(a))) >> n)))
	}),
	"prmt_b32": elementwise(func(a, b, c uint64) (uint64, bool) {
		src := uint64(uint32(b))<<32 | uint64(uint32(a))
		var d uint64
		for i := 0; i < 4; i++ {
			sel := c >> (4 * i) & 0xf
			byt := src >> (8 * (sel & 7)) & 0xff
			if sel&8 != 0 {
				byt = 0
				if src>>(8*(sel&7)+7)&1 != 0 {
					byt = 0xff
				}
			}
			d |= byt << (8 * i)
		}
		return yes(d)
	}),
	"fadd_rz": elementwise(func(a, b, _ uint64) (uint64, bool) {
		v, ok := bigRound(24, big.ToZero, exact((*big.Float).Add), f32v(a), f32v(b))
		return uint64(math.Float32bits(float32(v))), ok
	}),
	"fmul_ru": elementwise(func(a, b, _ uint64) (uint64, bool) {
		v, ok := bigRound(24, big.ToPositiveInf, exact((*big.Float).Mul), f32v(a), f32v(b))
		return uint64(math.Float32bits(float32(v))), ok
	}),
	"fmaf_rd": elementwise(func(a, b, c uint64) (uint64, bool) {
		v, ok := bigRound(24, big.ToNegativeInf, func(x, y, z *big.Float) *big.Float {
			p := new(big.Float).SetPrec(1000).Mul(x, y)
			return p.Add(p, z)
		}, f32v(a), f32v(b), f32v(c))
		return uint64(math.Float32bits(float32(v))), ok
	}),
	"ddiv_rn": elementwise(func(a, b, _ uint64) (uint64, bool) {
		if f64v(b) == 0 {
			return 0, false
		}
		v, ok := bigRound(53, big.ToNearestEven, exact((*big.Float).Quo), f64v(a), f64v(b))
		return math.Float64bits(v), ok
	}),
	"f2i_rn": elementwise(func(a, _, _ uint64) (uint64, bool) {
		x := f32v(a)
		if math.IsNaN(x) {
			return yes(0)
		}
		return yes(uint64(uint32(int32(max(min(math.RoundToEven(x), math.MaxInt32), math.MinInt32)))))
	}),
	"f2ull_rz": elementwise(func(a, _, _ uint64) (uint64, bool) {
		x := math.Trunc(f32v(a))
		switch {
		case math.IsNaN(x):
			return 0, false // 64-bit conversions of NaN: the machine's (0x8000000000000000 on the H100)
		case x <= 0:
			return yes(0)
		case x >= 0x1p64:
			return yes(math.MaxUint64)
		}
		return yes(uint64(x))
	}),
	"setp_f32": elementwise(func(a, b, _ uint64) (uint64, bool) {
		x, y := f32v(a), f32v(b)
		un := math.IsNaN(x) || math.IsNaN(y)
		bitsOf := []bool{x == y, !un && x != y, x < y, x <= y, x > y, x >= y,
			un || x == y, un || x != y, un || x < y, un || x <= y, un || x > y, un || x >= y, !un, un}
		var d uint64
		for i, p := range bitsOf {
			if p {
				d |= 1 << i
			}
		}
		return yes(d)
	}),
	"c_fminf": elementwise(func(a, b, _ uint64) (uint64, bool) {
		x, y := f32v(a), f32v(b)
		switch {
		case math.IsNaN(x) && math.IsNaN(y), x == 0 && y == 0:
			return 0, false // NaN bits and the order of ±0 are the machine's
		case math.IsNaN(x):
			return yes(b)
		case math.IsNaN(y), x < y:
			return yes(a)
		}
		return yes(b)
	}),
	"saturatef": elementwise(func(a, _, _ uint64) (uint64, bool) {
		x := f32v(a)
		switch {
		case math.IsNaN(x):
			return yes(0)
		case x == 0:
			return 0, false
		}
		return yes(uint64(math.Float32bits(float32(max(0, min(1, x))))))
	}),
	"i2f_rz": elementwise(func(a, _, _ uint64) (uint64, bool) {
		v, ok := bigRound(24, big.ToZero, func(x, _, _ *big.Float) *big.Float { return x }, float64(int32(a)))
		return uint64(math.Float32bits(float32(v))), ok
	}),
	"ull2d_ru": elementwise(func(a, _, _ uint64) (uint64, bool) {
		v, _ := new(big.Float).SetPrec(53).SetMode(big.ToPositiveInf).SetUint64(a).Float64()
		return yes(math.Float64bits(v))
	}),
	"cvt_rn_f16_f32": elementwise(func(a, _, _ uint64) (uint64, bool) {
		x := f32v(a)
		if math.IsNaN(x) {
			return 0, false // the NaN's bits are the machine's
		}
		return yes(half(x))
	}),
	"ld_s8": elementwise(func(a, b, _ uint64) (uint64, bool) { return yes(uint64(int64(int8(a >> (8 * (b & 7)))))) }),
	"st_u8": elementwise(func(a, b, c uint64) (uint64, bool) {
		s := 8 * (b & 7)
		return yes(c&^(0xff<<s) | (a&0xff)<<s)
	}),
	"atom_add_u32": elementwise(func(a, _, c uint64) (uint64, bool) {
		return yes(uint64(uint32(c))<<32 | uint64(uint32(c)+uint32(a)))
	}),
	"atom_cas_u32": elementwise(func(a, b, c uint64) (uint64, bool) {
		old, cmp := uint32(c), uint32(a)
		if b&1 != 0 {
			cmp = uint32(c)
		}
		nw := old
		if old == cmp {
			nw = uint32(b)
		}
		return yes(uint64(old)<<32 | uint64(nw))
	}),
	"atom_dec_u32": elementwise(func(_, b, c uint64) (uint64, bool) {
		old := uint32(c)
		nw := old - 1
		if old == 0 || old > uint32(b) {
			nw = uint32(b)
		}
		return yes(uint64(old)<<32 | uint64(nw))
	}),
	"shfl_xor_w32": warpShfl(func(lane int, b uint64) int { return lane ^ int(b&31) }),
	"shfl_idx_w16": warpShfl(func(lane int, b uint64) int { return lane&^15 + int(b&0xff)%16 }),
	"shfl_up_w8": warpShfl(func(lane int, b uint64) int {
		if d := int(b & 31); lane%8 >= d {
			return lane - d
		}
		return -1
	}),
	"vote_ballot": func(a, _, _ []uint64) []want {
		out := make([]want, len(a))
		for i := range a {
			var m uint64
			for l := 0; l < 32; l++ {
				m |= (a[i-i%32+l] & 1) << l
			}
			out[i] = want{m, true}
		}
		return out
	},
	"diverge_exit": elementwise(func(a, b, c uint64) (uint64, bool) {
		if a&1 != 0 {
			return yes(c)
		}
		x := a
		for x&3 != 0 {
			x = x*5 + 1 + b&1
		}
		return yes(x)
	}),
	"diverge_loop": func(a, b, c []uint64) []want {
		acc := make([]uint64, len(a))
		for i := range a {
			v := c[i]
			for k := 0; k < int(a[i]&63); k++ {
				switch {
				case (v^uint64(k))&1 != 0:
					v = v*3 + b[i]
				case k&2 != 0:
					continue
				default:
					v ^= v >> 7
				}
				if v&0xff == 0x5a {
					break
				}
			}
			acc[i] = v
		}
		out := make([]want, len(a))
		for i := range a {
			out[i] = want{acc[i] ^ acc[i^1], true}
		}
		return out
	},
	"atom_contended": func(a, b, c []uint64) []want {
		out := make([]want, len(a))
		for i := range out {
			out[i] = want{c[i], true}
		}
		lo, hi := uint32(c[0]), uint32(c[0]>>32)
		or, xor, sum, mn, inc, and, mx := c[1], c[2], c[3], int64(c[4]), uint32(c[5]), c[6], int64(c[7])
		for i := range a {
			lo += uint32(a[i])
			hi = max(hi, uint32(b[i]))
			or |= a[i] & b[i]
			xor ^= a[i]
			sum += a[i]
			mn = min(mn, int64(b[i]))
			if inc == math.MaxUint32 {
				inc = 0
			} else {
				inc++
			}
			and &= a[i] | 1<<(b[i]&63)
			mx = max(mx, int64(a[i]))
		}
		out[0].v = uint64(hi)<<32 | uint64(lo)
		out[1].v, out[2].v, out[3].v, out[4].v = or, xor, sum, uint64(mn)
		out[5].v = c[5]&^0xffffffff | uint64(inc)
		out[6].v, out[7].v = and, uint64(mx)
		for blk := blockSize; blk < len(a); blk += blockSize {
			var count uint32
			for i := blk; i < blk+blockSize; i++ {
				count += uint32(a[i]) & 0xff
			}
			out[blk].v = uint64(count)
		}
		return out
	},
}

func readFile(path string) (string, error) {
	b, err := os.ReadFile(path)
	return string(b), err
}

func TestCompare(t *testing.T) {
	a, b, c := []uint64{1, 2, 3}, []uint64{4, 5, 6}, []uint64{7, 8, 9}
	r := &result{n: 3}
	compareExact(r, a, b, c, []uint64{10, 11, 12}, []uint64{10, 99, 98}, false)
	if !r.failed() || r.mismatches != 2 || r.first != "i=1 a=0x2 b=0x5 c=0x8: GPU 0x63, VGPU 0xb" {
		t.Errorf("exact: failed %v, %d mismatches, first %q", r.failed(), r.mismatches, r.first)
	}

	// sin.approx: one ulp apart from the GPU within the bound passes; a
	// NaN where the GPU has another NaN fails.
	spec := approxSpecs["sin_approx"]
	one := uint64(math.Float32bits(1))
	in := []uint64{one, 0x7f800000}
	s1 := uint64(math.Float32bits(float32(math.Sin(1))))
	r = &result{n: 2}
	compareApprox(r, spec, in, []uint64{0, 0}, []uint64{0, 0}, []uint64{s1, 0x7fffffff}, []uint64{s1 + 1, 0x7fc00000})
	ar := r.approx
	if !r.failed() || ar.specialBad != 1 || ar.differ != 2 || ar.maxDiff < 1 || ar.bounded != 1 || ar.worstV > 1 || ar.worstG > 1 {
		t.Errorf("approx: failed %v, %+v", r.failed(), *ar)
	}
	r = &result{n: 1}
	compareApprox(r, spec, in[:1], []uint64{0}, []uint64{0}, []uint64{s1 + 1000}, []uint64{s1})
	if !r.failed() || r.approx.worstV <= 1 {
		t.Errorf("approx 1000 ulps off: failed %v, error/bound %g", r.failed(), r.approx.worstV)
	}
}

func TestReportWithGPU(t *testing.T) {
	k := testKernel{src: source{file: "int.cu"}, name: "add_s32", classes: [3]string{"I32", "I32", "NONE"}}
	r := &result{k: k, n: 3, compared: true, mismatches: 1, first: "i=0 a=0x1|x"}
	var b strings.Builder
	if err := writeReport(&b, runInfo{gpu: "NVIDIA H100 (sm_90, 132 SMs)", virtual: "v", n: 3, seed: 1, date: "d"}, []*result{r}); err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{"# vgpudiff: virtual GPU vs NVIDIA H100", "**1 failed**", "Failed: `int.cu: add_s32`", "| **1** | i=0 a=0x1\\|x |"} {
		if !strings.Contains(b.String(), want) {
			t.Errorf("report lacks %q:\n%s", want, b.String())
		}
	}
}

// TestAlone compiles kernels by themselves, as a device whose compiler
// refuses their source does, and checks they compute what they compute in
// their source. The picks use macros and globals of their own files.
func TestAlone(t *testing.T) {
	virt := virtualDevice(t)
	ks, err := allKernels()
	if err != nil {
		t.Fatal(err)
	}
	picks := map[string]bool{"int.cu: add_s32": true, "float.cu: fadd_rz": true, "float.cu -ftz=true: setp_f64": true,
		"mem.cu: atom_add_u32": true, "mem.cu: const_table": true, "mem.cu: satom_cas_u32": true,
		"warp.cu: shfl_raw_up": true, "extra.cu: addc_u64": true}
	for _, k := range ks {
		if !picks[k.String()] {
			continue
		}
		delete(picks, k.String())
		prog, err := k.alone()
		if err != nil {
			t.Fatal(err)
		}
		whole, _ := k.src.program()
		if got, want := strings.Count(prog, "\n"), strings.Count(whole, "\n"); got != want {
			t.Errorf("%s alone has %d lines, its source %d: line numbers moved", k, got, want)
		}
		if n := len(declSpans(prog[strings.Index(prog, "#line 1"):])); n != 1 {
			t.Errorf("%s alone declares %d kernels, want 1 (its own)", k, n)
		}
		a, b, c := inputs(k, 256, 5)
		want, err := virt.run(k, a, b, c)
		if err != nil {
			t.Fatalf("%s: %v", k, err)
		}
		mod, err := virt.dev.CompileNamed(k.src.file, prog, k.src.opts...)
		if err != nil {
			t.Fatalf("%s alone: %v", k, err)
		}
		alone := newDevice("virtual GPU", virt.dev)
		alone.modules[k.src.label()] = mod
		got, err := alone.run(k, a, b, c)
		if err != nil {
			t.Fatalf("%s alone: %v", k, err)
		}
		for i := range got {
			if got[i] != want[i] {
				t.Fatalf("%s alone: %s: %#x, in its source %#x", k, element(i, a, b, c), got[i], want[i])
			}
		}
	}
	for p := range picks {
		t.Errorf("no kernel %s", p)
	}
}

func TestRecord(t *testing.T) {
	virtualDevice(t)
	dir := t.TempDir()
	ks, err := allKernels()
	if err != nil {
		t.Fatal(err)
	}
	var results []*result
	for _, k := range ks[:3] {
		r := runOne(k, config{n: 128, seed: 1}, virtualDevice(t), nil)
		if r.err != nil {
			t.Fatal(r.err)
		}
		r.gpuSum = r.virtualSum // as if the GPU had computed the same
		results = append(results, r)
	}
	path := dir + "/gpu.digests"
	if err := writeRecord(path, runInfo{gpu: "G", n: 128, seed: 1}, results); err != nil {
		t.Fatal(err)
	}
	rec, err := readRecord(path)
	if err != nil {
		t.Fatal(err)
	}
	if len(rec) != 3 {
		t.Fatalf("record has %d kernels, want 3", len(rec))
	}
	name := results[1].k.String()
	good := rec[name]
	for _, c := range []struct {
		rec  recorded
		want string
	}{{good, "same"}, {recorded{good.key, strings.Repeat("0", 32)}, "differs"}, {recorded{"0123456789abcdef", good.sum}, "stale record"}} {
		rec[name] = c.rec
		r := *results[1]
		checkRecord(&r, rec)
		if r.recorded != c.want || r.failed() != (c.want == "differs") {
			t.Errorf("record %+v: %q (failed %v), want %q", c.rec, r.recorded, r.failed(), c.want)
		}
	}
	delete(rec, name)
	r := *results[1]
	if checkRecord(&r, rec); r.recorded != "not recorded" {
		t.Errorf("a kernel missing from the record: %q", r.recorded)
	}
	if _, err := readRecord(writeTemp(t, "abc def\n")); err == nil {
		t.Error("a malformed record was read")
	}
}

// TestRecordedGPU holds the virtual GPU to the H100's outputs recorded in
// testdata/gpu.digests (written by run.sh on the GPU machine).
func TestRecordedGPU(t *testing.T) {
	const path = "testdata/gpu.digests"
	if _, err := os.Stat(path); err != nil {
		t.Skipf("no recorded GPU outputs (%v): run tools/vgpudiff/run.sh on a GPU and commit its vgpudiff.digests as %s", err, path)
	}
	virtualDevice(t)
	out := t.TempDir() + "/report.md"
	rec, err := readRecord(path)
	if err != nil {
		t.Fatal(err)
	}
	// The record's header says which -n and -seed it was made with.
	n, seed := 4096, uint64(1)
	if hdr, err := os.ReadFile(path); err == nil {
		fmt.Sscanf(string(hdr[strings.Index(string(hdr), "-n "):]), "-n %d -seed %d", &n, &seed)
	}
	if _, err := diff(config{out: out, n: n, seed: seed, virtualOnly: true, recorded: path}); err != nil {
		t.Fatal(err)
	}
	data, _ := readFile(out)
	for _, line := range strings.Split(data, "\n") {
		if strings.Contains(line, "differs from the recorded GPU output") {
			t.Error(line)
		}
		if strings.HasPrefix(line, "Exact kernels against") {
			t.Logf("%d kernels recorded. %s", len(rec), line)
		}
	}
}

func writeTemp(t *testing.T, s string) string {
	p := t.TempDir() + "/f"
	if err := os.WriteFile(p, []byte(s), 0o644); err != nil {
		t.Fatal(err)
	}
	return p
}

// half rounds x to the nearest f16 (ties to even), for a non-NaN x.
func half(x float64) uint64 {
	var sign uint64
	if math.Signbit(x) {
		sign, x = 0x8000, -x
	}
	if x < 0x1p-14 { // subnormal (or zero) in f16: units of 2^-24
		return sign | uint64(math.RoundToEven(x/0x1p-24))
	}
	m, e := math.Frexp(x) // x = m·2^e, m in [0.5, 1)
	q := math.RoundToEven(m * 2048)
	if q == 2048 {
		q, e = 1024, e+1
	}
	if e-1 > 15 || math.IsInf(x, 0) {
		return sign | 0x7c00
	}
	return sign | uint64(e-1+15)<<10 | (uint64(q) - 1024)
}

// Two NaN operands: either device may return either one, quieted; a NaN
// that is no operand, or a choice with one NaN operand, still mismatches.
func TestCompareExactNaNChoice(t *testing.T) {
	const q1, s2, one = 0x7ff8000012345678, 0x7ff4000000000000, 0x3ff0000000000000
	a := []uint64{q1, q1, q1, q1}
	b := []uint64{s2, s2, s2, one}
	c := []uint64{0, 0, 0, 0}
	v := []uint64{q1, 0x7ffc000000000000, q1, q1}
	g := []uint64{0x7ffc000000000000, q1, 0x7ff8000000000000, 0x7ff8000000000000}
	r := &result{}
	compareExact(r, a, b, c, v, g, true)
	if r.nanChoices != 2 || r.mismatches != 2 {
		t.Fatalf("nanChoices %d, mismatches %d; want 2 and 2", r.nanChoices, r.mismatches)
	}
	r = &result{}
	compareExact(r, a, b, c, v, g, false)
	if r.nanChoices != 0 || r.mismatches != 4 {
		t.Fatalf("without nanChoice: nanChoices %d, mismatches %d; want 0 and 4", r.nanChoices, r.mismatches)
	}
}
