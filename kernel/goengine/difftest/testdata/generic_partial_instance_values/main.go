package main

import (
	"fmt"
	"slices"
	"strings"
)

func indexOf[S ~[]E, E comparable](s S, v E) int {
	for i, x := range s {
		if x == v {
			return i
		}
	}
	return -1
}

func apply(f func([]string, string) int, s []string, v string) int { return f(s, v) }

type names []string

func main() {
	find := indexOf[[]int]
	fmt.Println(find([]int{4, 8, 15}, 15), find(nil, 1))

	byName := indexOf[names]
	fmt.Println(byName(names{"ada", "bob"}, "bob"))

	idx := slices.Index[[]string]
	fmt.Println(idx([]string{"x", "y", "z"}, "z"))

	var contains func([]int, int) bool = slices.Contains
	fmt.Println(contains([]int{1, 2}, 2), contains([]int{1, 2}, 3))

	fmt.Println(apply(slices.Index, []string{"a", "b"}, "b"))
	fmt.Println(apply(indexOf, []string{"a", "b"}, "c"))

	upper := strings.ToUpper
	fmt.Printf("%T %s\n", find, upper("ok"))
}
