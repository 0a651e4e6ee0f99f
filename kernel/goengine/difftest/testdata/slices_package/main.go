package main

import (
	"fmt"
	"slices"
)

func main() {
	s := []int{5, 2, 8, 2, 9, 1}
	fmt.Println(slices.Contains(s, 8), slices.Index(s, 2), slices.Max(s), slices.Min(s))
	sorted := slices.Clone(s)
	slices.Sort(sorted)
	fmt.Println(s, sorted, slices.IsSorted(sorted))
	fmt.Println(slices.Compact(sorted))
	i, ok := slices.BinarySearch([]int{1, 3, 5}, 4)
	fmt.Println(i, ok)
	s = slices.Insert(s, 1, 7, 7)
	fmt.Println(s)
	s = slices.Delete(s, 0, 2)
	fmt.Println(s)
	slices.Reverse(s)
	fmt.Println(s, slices.Equal(s, []int{1, 9, 2, 8, 2, 7}))
	fmt.Println(slices.IndexFunc(s, func(v int) bool { return v > 5 }))
	fmt.Println(slices.Concat([]int{1}, []int{2, 3}, nil, []int{4}), slices.Repeat([]string{"ab"}, 3))
}
