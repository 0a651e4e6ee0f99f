package main

import (
	"fmt"
	"sort"
)

func SortedCopy[S ~[]E, E int | string](s S) S {
	out := make(S, len(s))
	copy(out, s)
	sort.Slice(out, func(i, j int) bool { return out[i] < out[j] })
	return out
}

type Names []string

func (n Names) Count() int { return len(n) }

func main() {
	ns := Names{"zoe", "amy", "kim"}
	sorted := SortedCopy(ns)
	fmt.Println(sorted, sorted.Count(), ns)
	fmt.Printf("%T\n", sorted)
	fmt.Println(SortedCopy([]int{5, 2, 8}))
}
