// Generic aliases of map, pointer and func types: an instance is the
// aliased type itself, so plain values of that type go in and out.
package main

import (
	"fmt"
	"sort"
	"strings"
)

type Index[K comparable, V any] = map[K][]V

type Ref[T any] = *T

type Mapper[A, B any] = func(A) B

func keys(m map[string][]int) []string {
	out := make([]string, 0, len(m))
	for k := range m {
		out = append(out, k)
	}
	sort.Strings(out)
	return out
}

func bump(r Ref[int]) { *r += 10 }

func apply(f Mapper[string, int], xs []string) []int {
	out := make([]int, len(xs))
	for i, x := range xs {
		out[i] = f(x)
	}
	return out
}

func main() {
	idx := Index[string, int]{}
	for i, w := range strings.Fields("go is fun and go is fast") {
		idx[w] = append(idx[w], i)
	}
	var plain map[string][]int = idx
	for _, k := range keys(plain) {
		fmt.Println(k, idx[k])
	}
	fmt.Printf("%T\n", idx)

	n := 5
	var r Ref[int] = &n
	bump(r)
	bump(&n)
	fmt.Printf("%d %T %v\n", n, r, r == &n)

	var length Mapper[string, int] = func(s string) int { return len(s) }
	var f func(string) int = length
	fmt.Println(apply(f, []string{"a", "bcd", ""}))
}
