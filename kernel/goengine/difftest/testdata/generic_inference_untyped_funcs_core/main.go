package main

import (
	"fmt"
	"sort"
	"strconv"
	"strings"
)

func Map[T, U any](xs []T, f func(T) U) []U {
	out := make([]U, 0, len(xs))
	for _, x := range xs {
		out = append(out, f(x))
	}
	return out
}

func Filter[S ~[]E, E any](s S, keep func(E) bool) S {
	var out S
	for _, v := range s {
		if keep(v) {
			out = append(out, v)
		}
	}
	return out
}

func Keys[M ~map[K]V, K comparable, V any](m M) []K {
	ks := make([]K, 0, len(m))
	for k := range m {
		ks = append(ks, k)
	}
	return ks
}

func Biggest[T int | int64 | float64](a, b T) T {
	if a > b {
		return a
	}
	return b
}

func Pair[A, B any](a A, b B) struct {
	A A
	B B
} {
	return struct {
		A A
		B B
	}{a, b}
}

type scores []int
type roster map[string]int

func main() {
	fmt.Println(Map([]int{1, 20, 300}, strconv.Itoa))
	fmt.Println(Map([]string{"a", "bb"}, strings.ToUpper))
	fmt.Println(Map([]string{"a", "bb"}, func(s string) int { return len(s) }))
	hi := Filter(scores{50, 90, 70}, func(s int) bool { return s >= 70 })
	fmt.Printf("%T %v\n", hi, hi)
	ks := Keys(roster{"bo": 1, "al": 2})
	sort.Strings(ks)
	fmt.Printf("%T %v\n", ks, ks)
	fmt.Println(Biggest(1, 2.5), Biggest(3, 2), Biggest[int64](7, 9))
	fmt.Printf("%T\n", Biggest(1, 2.5))
	p := Pair("x", 3.5)
	fmt.Printf("%+v %T\n", p, p.B)
	parsed := Map(Map([]string{"1", "2"}, func(s string) int { n, _ := strconv.Atoi(s); return n }), func(n int) float64 { return float64(n) / 4 })
	fmt.Println(parsed)
}
