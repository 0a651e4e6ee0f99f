package main

import (
	"fmt"
	"slices"
	"strings"
)

func main() {
	s := []int{1, 1, 2, 2, 2, 3, 1, 1}
	s = slices.Compact(s)
	fmt.Println(s, len(s))
	words := []string{"Go", "go", "GO", "rust", "Rust", "zig"}
	words = slices.CompactFunc(words, strings.EqualFold)
	fmt.Println(words)
	r := slices.Replace([]int{0, 1, 2, 3, 4}, 1, 3, 7, 8, 9)
	fmt.Println(r)
	ins := slices.Insert([]string{"a", "c"}, 1, "b")
	ins = slices.Insert(ins, len(ins), "d", "e")
	fmt.Println(ins)
	fmt.Println(slices.ContainsFunc(ins, func(x string) bool { return x > "d" }))
	fmt.Println(slices.EqualFunc([]int{1, 2}, []string{"1", "2"}, func(a int, b string) bool { return fmt.Sprint(a) == b }))
	i, found := slices.BinarySearch([]string{"ant", "bee", "cat"}, "bat")
	fmt.Println(i, found)
	fmt.Println(slices.Index(ins, "z"), slices.IndexFunc(ins, func(x string) bool { return x == "c" }))
	d := slices.DeleteFunc([]int{1, 2, 3, 4, 5, 6}, func(x int) bool { return x%3 == 0 })
	fmt.Println(d)
	rev := slices.Clone(d)
	slices.Reverse(rev)
	fmt.Println(d, rev, slices.Max(rev), slices.MinFunc(rev, func(a, b int) int { return b - a }))
}
