package main

import (
	"fmt"
	"slices"
)

func main() {
	xs := []int{1, 2, 3, 4, 5, 6, 7}
	for c := range slices.Chunk(xs, 3) {
		fmt.Println(c, len(c), cap(c))
	}
	fmt.Println(slices.Repeat([]string{"ab", "c"}, 3))
	fmt.Println(slices.Concat([]int{1}, nil, []int{2, 3}, []int{}))
	all := slices.Collect(slices.Values([]float64{2.5, 1}))
	fmt.Println(all, len(all))
	s := make([]int, 2, 2)
	s = slices.Grow(s, 10)
	fmt.Println(len(s), cap(s) >= 12)
	s = slices.Clip(s)
	fmt.Println(len(s), cap(s))
	sorted := slices.Sorted(slices.Values([]string{"pear", "fig", "apple"}))
	fmt.Println(sorted, slices.IsSorted(sorted))
	fmt.Println(slices.Equal(slices.Repeat([]int{}, 5), nil))
}
