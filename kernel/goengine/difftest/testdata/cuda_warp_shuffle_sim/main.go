package main

import "fmt"

const warpSize = 32

type warp [warpSize]int

// shflDown returns, for each lane, the value of lane+delta, or its own
// value where that lane is outside the warp, as __shfl_down_sync does.
func shflDown(w warp, delta int) warp {
	var out warp
	for lane := range w {
		if src := lane + delta; src < warpSize {
			out[lane] = w[src]
		} else {
			out[lane] = w[lane]
		}
	}
	return out
}

func shflXor(w warp, mask int) warp {
	var out warp
	for lane := range w {
		out[lane] = w[lane^mask]
	}
	return out
}

func main() {
	var w warp
	for i := range w {
		w[i] = i + 1
	}
	sum := w
	for off := warpSize / 2; off > 0; off /= 2 {
		s := shflDown(sum, off)
		for lane := range sum {
			sum[lane] += s[lane]
		}
	}
	fmt.Println("lane0:", sum[0], "lane31:", sum[31])
	all := w
	for m := 1; m < warpSize; m <<= 1 {
		s := shflXor(all, m)
		for lane := range all {
			all[lane] = max(all[lane], s[lane])
		}
	}
	fmt.Println("butterfly max:", all[0], all[17], all == warp{})
	var ballot uint32
	for lane, v := range w {
		if v%3 == 0 {
			ballot |= 1 << lane
		}
	}
	fmt.Printf("ballot %032b %#x\n", ballot, ballot)
	far := shflDown(w, 30)
	fmt.Println(w[:4], far[:4])
}
