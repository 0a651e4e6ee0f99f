package main

import (
	"fmt"
	"strings"
)

func Map[T, U any](xs []T, f func(T) U) []U {
	out := make([]U, 0, len(xs))
	for _, x := range xs {
		out = append(out, f(x))
	}
	return out
}

func Filter[T any](xs []T, keep func(T) bool) []T {
	var out []T
	for _, x := range xs {
		if keep(x) {
			out = append(out, x)
		}
	}
	return out
}

func Reduce[T, A any](xs []T, acc A, f func(A, T) A) A {
	for _, x := range xs {
		acc = f(acc, x)
	}
	return acc
}

func main() {
	words := []string{"go", "is", "a", "language", "with", "generics"}
	long := Filter(words, func(s string) bool { return len(s) > 2 })
	fmt.Println(long)
	fmt.Println(Map(long, strings.ToUpper))
	fmt.Println(Reduce(words, 0, func(n int, s string) int { return n + len(s) }))
	fmt.Println(Map([]int{1, 2, 3}, func(i int) float64 { return float64(i) / 2 }))
}
