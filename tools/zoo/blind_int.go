package zoo

import (
	"fmt"
	"math/bits"
	"math/rand/v2"
	"slices"

	"github.com/culab/culab/cudalib"
)

// The blind set's integer families: mixes, Monte Carlo, table lookups,
// a radix sort pass, a per-thread sort.

// arxRounds is arx.cu's rounds.
const arxRounds = 32

func mixSplitmix(v, i uint32) uint32 {
	x := uint64(v) | uint64(i)<<32
	for range arxRounds {
		x += 0x9e3779b97f4a7c15
		z := x
		z = (z ^ z>>30) * 0xbf58476d1ce4e5b9
		z = (z ^ z>>27) * 0x94d049bb133111eb
		x ^= z ^ z>>31
	}
	return uint32(x ^ x>>32)
}

func mixPhilox(v, i uint32) uint32 {
	x0, x1, key := v, i, uint32(0xdeadbeef)
	for range arxRounds {
		hi, lo := bits.Mul32(0xD256D193, x0)
		x0, x1 = hi^key^x1, lo
		key += 0x9E3779B9
	}
	return x0 ^ x1
}

func mixChacha(v, i uint32) uint32 {
	a, b, c, d := v, i, uint32(0x61707865), uint32(0x3320646e)
	for range arxRounds {
		a += b
		d = bits.RotateLeft32(d^a, 16)
		c += d
		b = bits.RotateLeft32(b^c, 12)
		a += b
		d = bits.RotateLeft32(d^a, 8)
		c += d
		b = bits.RotateLeft32(b^c, 7)
	}
	return a ^ b ^ c ^ d
}

func mixSip(v, i uint32) uint32 {
	v0, v1 := uint64(v)|uint64(i)<<32, uint64(0x736f6d6570736575)
	v2, v3 := 0x646f72616e646f6d^v0, uint64(0x7465646279746573)
	rot := bits.RotateLeft64
	for range arxRounds {
		v0 += v1
		v1 = rot(v1, 13) ^ v0
		v0 = rot(v0, 32)
		v2 += v3
		v3 = rot(v3, 16) ^ v2
		v0 += v3
		v3 = rot(v3, 21) ^ v0
		v2 += v1
		v1 = rot(v1, 17) ^ v2
		v2 = rot(v2, 32)
	}
	x := v0 ^ v1 ^ v2 ^ v3
	return uint32(x ^ x>>32)
}

// mixes are arx.cu's variants: name, kernel, CPU function.
var mixes = []struct {
	name, kernel string
	f            func(v, i uint32) uint32
}{
	{"64-bit multiply-xorshift", "arx_splitmix", mixSplitmix},
	{"32-bit multiply-high (Philox-like)", "arx_philox", mixPhilox},
	{"32-bit add-rotate-xor (ChaCha)", "arx_chacha", mixChacha},
	{"64-bit add-rotate-xor (SipHash)", "arx_sip", mixSip},
}

var _ = registerBlind(&Family{
	Key: "arx", Title: "32 rounds of an integer mix a thread: 64-bit multiply-xorshift, 32-bit mulhi, 32- and 64-bit add-rotate-xor", File: "blind/arx.cu",
	Sizes: []int{1 << 18, 1 << 22}, Smoke: 1000,
	Variants: func() []Variant {
		var vs []Variant
		for _, m := range mixes {
			vs = append(vs, one(m.name, m.kernel, perElement(256), inOutN))
		}
		return vs
	}(),
	setup: func(n int, rng *rand.Rand) (*Problem, error) {
		in := randomWords(rng, n)
		checks := map[string]func([]any) error{}
		for _, m := range mixes {
			want := make([]uint32, n)
			for i, v := range in {
				want[i] = m.f(v, uint32(i))
			}
			checks[m.name] = func(o []any) error { return equalInts(o[0], want) }
		}
		return &Problem{Bufs: []any{in, poisonWords(n)}, Outs: []int{1}, check: byVariant(checks)}, nil
	},
})

// randomWords returns n uniform 32-bit words.
func randomWords(rng *rand.Rand, n int) []uint32 {
	v := make([]uint32, n)
	for i := range v {
		v[i] = rng.Uint32()
	}
	return v
}

// poisonWords is a word output's initial contents.
func poisonWords(n int) []uint32 {
	v := make([]uint32, n)
	for i := range v {
		v[i] = 0xdeadbeef
	}
	return v
}

// mcSamples is montecarlo.cu's points a thread.
const mcSamples = 256

// mcHits is montecarlo.cu's count of thread i.
func mcHits(i int, seed uint32) uint32 {
	s, hits := (uint32(i+1)*0x9E3779B9^seed)|1, uint32(0)
	draw := func() uint32 {
		s ^= s << 13
		s ^= s >> 17
		s ^= s << 5
		return s >> 17
	}
	for range mcSamples {
		x := draw()
		y := draw()
		if x*x+y*y < 1<<30 {
			hits++
		}
	}
	return hits
}

var _ = registerBlind(&Family{
	Key: "montecarlo", Title: "Monte Carlo pi, 256 points a thread from a per-thread xorshift: block reduction, warp shuffles, an atomic a thread", File: "blind/montecarlo.cu",
	Sizes: []int{1 << 14, 1 << 18}, Smoke: 1000,
	Variants: []Variant{
		one("block reduction", "mc_block", perElement(256), inOutN),
		one("warp shuffles", "mc_warp", perElement(256), inOutN),
		one("atomic a thread", "mc_thread", perElement(256), inOutN),
	},
	setup: func(n int, rng *rand.Rand) (*Problem, error) {
		seed := rng.Uint32()
		var want uint32
		for i := range n {
			want += mcHits(i, seed)
		}
		return &Problem{Bufs: []any{[]uint32{seed}, []uint32{0}}, Outs: []int{1},
			check: func(_ string, o []any) error { return equalInts(o[0], []uint32{want}) }}, nil
	},
})

// ctRounds is consttable.cu's lookups a thread.
const ctRounds = 32

// constTable is consttable.cu's table.
func constTable() []uint32 {
	t := make([]uint32, 256)
	for j := range t {
		k := uint32(j)*0x9E3779B9 + 0x7f4a7c15
		k ^= k >> 16
		k *= 0x7feb352d
		k ^= k >> 15
		k *= 0x846ca68b
		k ^= k >> 16
		t[j] = k
	}
	return t
}

var _ = registerBlind(&Family{
	Key: "consttable", Title: "32 dependent lookups in a 256-word table: __constant__ with warp-uniform or divergent indices, global, shared", File: "blind/consttable.cu",
	Sizes: []int{1 << 18, 1 << 22}, Smoke: 1000,
	Variants: []Variant{
		one("constant, uniform index", "ct_const_uniform", perElement(256), abc),
		one("constant, divergent index", "ct_const", perElement(256), abc),
		one("global, divergent index", "ct_global", perElement(256), abc),
		one("shared, divergent index", "ct_shared", perElement(256), abc),
	},
	setup: func(n int, rng *rand.Rand) (*Problem, error) {
		in, table := randomWords(rng, n), constTable()
		chain := func(key func(i int) uint32) func([]any) error {
			want := make([]uint32, n)
			for i := range want {
				x := key(i)
				for r := range uint32(ctRounds) {
					x = table[(x^r)&255] + x*2654435761
				}
				want[i] = x
			}
			return func(o []any) error { return equalInts(o[0], want) }
		}
		divergent := chain(func(i int) uint32 { return in[i] })
		return &Problem{Bufs: []any{in, table, poisonWords(n)}, Outs: []int{2},
			check: byVariant(map[string]func([]any) error{
				"constant, uniform index":   chain(func(i int) uint32 { return in[i&^31] }),
				"constant, divergent index": divergent, "global, divergent index": divergent, "shared, divergent index": divergent,
			})}, nil
	},
})

// radixShift is the digit the radix pass sorts by; radixTile is
// radix.cu's keys a block in the tiled scatter.
const radixShift, radixTile = 8, 2048

// radixPass is a radix-pass variant: clear the counts, count with hist,
// scan, scatter.
func radixPass(name, hist, scatter string) Variant {
	return Variant{Name: name, steps: func(n int) []Step {
		b := cudalib.D1(256)
		s := []Step{{Kernel: "radix_clear", Grid: one1, Block: b, Args: []any{Buf(2)}}}
		hg := cudalib.D1(264)
		if hist == "radix_hist_global" {
			hg, _ = perElement(256)(n)
		}
		s = append(s, Step{Kernel: hist, Grid: hg, Block: b, Args: []any{Buf(0), Buf(2), n, radixShift}},
			Step{Kernel: "radix_scan", Grid: one1, Block: b, Args: []any{Buf(2)}})
		sg, _ := perElement(256)(n)
		if scatter == "radix_scatter_tile" {
			sg = cudalib.D1(ceilDiv(n, radixTile))
		}
		return append(s, Step{Kernel: scatter, Grid: sg, Block: b, Args: []any{Buf(0), Buf(1), Buf(2), n, radixShift}})
	}}
}

var _ = registerBlind(&Family{
	Key: "radix", Title: "one 8-bit LSD radix pass (count, scan, scatter): global atomics, shared histograms, shared histograms with a tiled scatter", File: "blind/radix.cu",
	Sizes: []int{1 << 18, 1 << 22}, Smoke: 5000,
	Variants: []Variant{
		radixPass("global atomics", "radix_hist_global", "radix_scatter_atomic"),
		radixPass("shared histograms", "radix_hist_shared", "radix_scatter_atomic"),
		radixPass("shared histograms, tiled scatter", "radix_hist_shared", "radix_scatter_tile"),
	},
	AtomicOrder: []string{"radix_scatter_atomic", "radix_scatter_tile"},
	setup: func(n int, rng *rand.Rand) (*Problem, error) {
		in := randomWords(rng, n)
		sorted := slices.Clone(in)
		slices.Sort(sorted)
		digit := func(k uint32) uint32 { return k >> radixShift & 255 }
		return &Problem{Bufs: []any{in, poisonWords(n), poisonWords(256)}, Outs: []int{1},
			check: func(_ string, o []any) error {
				got, ok := o[0].([]uint32)
				if !ok || len(got) != n {
					return fmt.Errorf("output %T of %d", o[0], len(got))
				}
				for i := 1; i < n; i++ {
					if digit(got[i]) < digit(got[i-1]) {
						return fmt.Errorf("[%d] digit %d after %d", i, digit(got[i]), digit(got[i-1]))
					}
				}
				if g := slices.Sorted(slices.Values(got)); !slices.Equal(g, sorted) {
					return fmt.Errorf("the output is not a permutation of the input")
				}
				return nil
			}}, nil
	},
})

// lsK is localsort.cu's floats a thread.
const lsK = 16

var _ = registerBlind(&Family{
	Key: "localsort", Title: "each thread sorts 16 floats: insertion sort in a local array, an unrolled network in registers, insertion sort in shared memory", File: "blind/localsort.cu",
	Sizes: []int{1 << 16, 1 << 20}, Smoke: 1000,
	Variants: []Variant{
		one("local array, insertion", "localsort_local", perElement(128), inOutN),
		one("registers, network", "localsort_network", perElement(128), inOutN),
		one("shared memory, insertion", "localsort_shared", perElement(128), inOutN),
	},
	setup: func(n int, rng *rand.Rand) (*Problem, error) {
		in := randomFloats(rng, lsK*n)
		want := make([]float64, lsK*n)
		col := make([]float32, lsK)
		for i := range n {
			for k := range col {
				col[k] = in[k*n+i]
			}
			slices.Sort(col)
			for k, x := range col {
				want[k*n+i] = float64(x)
			}
		}
		return &Problem{Bufs: []any{in, poison(lsK * n)}, Outs: []int{1},
			check: func(_ string, o []any) error { return closeTo(o[0], want, 0, 0) }}, nil
	},
})
