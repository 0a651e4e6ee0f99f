package zoo

import (
	"fmt"
	"math/rand/v2"
	"slices"
)

// bins is the histograms' number of bins.
const bins = 256

// histo is a histogram family over values drawn by draw.
func histo(key, title string, draw func(rng *rand.Rand) int32) *Family {
	return &Family{
		Key: key, Title: title, File: "histo.cu",
		Sizes: []int{1 << 18, 1 << 22}, Smoke: 5000,
		Variants: []Variant{
			one("global atomics", "histo_global", perElement(256), inOutN),
			one("shared atomics", "histo_shared", fixedGrid(264, 256), inOutN),
			one("shared, a copy per warp", "histo_warpcopies", fixedGrid(264, 256), inOutN),
		},
		setup: func(n int, rng *rand.Rand) (*Problem, error) {
			in := make([]int32, n)
			want := make([]uint32, bins)
			for i := range in {
				in[i] = draw(rng)
				want[in[i]]++
			}
			return &Problem{Bufs: []any{in, make([]uint32, bins)}, Outs: []int{1},
				check: func(_ string, o []any) error { return equalInts(o[0], want) }}, nil
		},
	}
}

var _ = register(histo("histo-uniform", "256-bin histogram of uniform values: global vs shared atomics",
	func(rng *rand.Rand) int32 { return rng.Int32N(bins) }))

// Nine values in ten fall in one bin: the atomics on it serialise.
var _ = register(histo("histo-skewed", "256-bin histogram, 90 % of the values in one bin: contended atomics",
	func(rng *rand.Rand) int32 {
		if rng.IntN(10) < 9 {
			return 7
		}
		return rng.Int32N(bins)
	}))

var _ = register(&Family{
	Key: "atomics", Title: "atomic adds to one address, one per warp, one per thread, or summed in the warp first", File: "atomics.cu",
	Sizes: []int{1 << 16, 1 << 20}, Smoke: 5000,
	Variants: []Variant{
		one("one address", "atomics_one", perElement(256), inOutN),
		one("an address per warp", "atomics_warp", perElement(256), inOutN),
		one("an address per thread", "atomics_thread", perElement(256), inOutN),
		one("warp sum, then one address", "atomics_aggregated", perElement(256), inOutN),
	},
	setup: func(n int, rng *rand.Rand) (*Problem, error) {
		in := randomInts(rng, n, 1, 5)
		var want int64
		for _, x := range in {
			want += int64(x)
		}
		return &Problem{Bufs: []any{in, make([]int32, n)}, Outs: []int{1},
			check: func(_ string, o []any) error {
				var sum int64
				for _, c := range o[0].([]int32) {
					sum += int64(c)
				}
				if sum != want {
					return fmt.Errorf("counters sum to %d, want %d", sum, want)
				}
				return nil
			}}, nil
	},
})

// compaction is a compaction variant: the counter's reset, then kernel.
func compaction(name, kernel string) Variant {
	return Variant{Name: name, steps: func(n int) []Step {
		g, b := perElement(256)(n)
		return []Step{
			{Kernel: "compact_reset", Grid: one1, Block: one1, Args: []any{Buf(2)}},
			{Kernel: kernel, Grid: g, Block: b, Args: []any{Buf(0), Buf(1), Buf(2), n}},
		}
	}}
}

var _ = register(&Family{
	Key: "compact", Title: "stream compaction: a slot claimed by an atomic per element, per warp (ballot) or per block", File: "compact.cu",
	Sizes: []int{1 << 18, 1 << 22}, Smoke: 5000,
	Variants: []Variant{
		compaction("atomic per element", "compact_atomic"),
		compaction("atomic per warp (ballot)", "compact_warp"),
		compaction("atomic per block", "compact_block"),
	},
	AtomicOrder: []string{"compact_atomic", "compact_warp", "compact_block"},
	setup: func(n int, rng *rand.Rand) (*Problem, error) {
		in := randomFloats(rng, n)
		var kept []float32
		for _, x := range in {
			if x > 0 {
				kept = append(kept, x)
			}
		}
		slices.Sort(kept)
		return &Problem{Bufs: []any{in, poison(n), []int32{-1}}, Outs: []int{1, 2},
			check: func(_ string, o []any) error {
				count := int(o[1].([]int32)[0])
				if count != len(kept) {
					return fmt.Errorf("count %d, want %d", count, len(kept))
				}
				got := slices.Clone(o[0].([]float32)[:count])
				slices.Sort(got)
				if !slices.Equal(got, kept) {
					return fmt.Errorf("the kept elements differ from the positive inputs")
				}
				return nil
			}}, nil
	},
})
