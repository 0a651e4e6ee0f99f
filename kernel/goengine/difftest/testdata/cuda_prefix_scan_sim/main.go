package main

import "fmt"

// blelloch is the work-efficient exclusive scan: an up-sweep building
// partial sums in place, then a down-sweep; len(a) is a power of two.
func blelloch(a []int) []int {
	x := append([]int(nil), a...)
	n := len(x)
	for d := 1; d < n; d <<= 1 {
		for i := 2*d - 1; i < n; i += 2 * d {
			x[i] += x[i-d]
		}
	}
	x[n-1] = 0
	for d := n >> 1; d >= 1; d >>= 1 {
		for i := 2*d - 1; i < n; i += 2 * d {
			x[i-d], x[i] = x[i], x[i]+x[i-d]
		}
	}
	return x
}

func hillisSteele(a []int) []int {
	cur := append([]int(nil), a...)
	for off := 1; off < len(cur); off <<= 1 {
		next := make([]int, len(cur))
		for i := range cur {
			next[i] = cur[i]
			if i >= off {
				next[i] += cur[i-off]
			}
		}
		cur = next
	}
	return cur
}

func main() {
	in := []int{3, 1, 7, 0, 4, 1, 6, 3}
	fmt.Println(blelloch(in))
	fmt.Println(hillisSteele(in))
	fmt.Println(in)
	flags := []int{1, 0, 1, 1, 0, 0, 1, 0}
	idx := blelloch(flags)
	var compact []int
	for i, f := range flags {
		if f == 1 {
			compact = append(compact, in[i]*10+idx[i])
		}
	}
	fmt.Println(idx, compact)
}
