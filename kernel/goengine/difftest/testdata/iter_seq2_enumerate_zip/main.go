package main

import (
	"fmt"
	"iter"
	"slices"
)

func enumerate[T any](s iter.Seq[T]) iter.Seq2[int, T] {
	return func(yield func(int, T) bool) {
		i := 0
		for v := range s {
			if !yield(i, v) {
				return
			}
			i++
		}
	}
}

func zip[A, B any](a []A, b []B) iter.Seq2[A, B] {
	return func(yield func(A, B) bool) {
		for i := range min(len(a), len(b)) {
			if !yield(a[i], b[i]) {
				return
			}
		}
	}
}

func main() {
	for i, w := range enumerate(slices.Values([]string{"zero", "one", "two"})) {
		fmt.Println(i, w)
	}
	for n, s := range zip([]int{1, 2, 3, 4}, []string{"a", "b", "c"}) {
		if n == 3 {
			break
		}
		fmt.Print(n, s, " ")
	}
	fmt.Println()
	for i, v := range slices.Backward([]rune("abc")) {
		fmt.Print(i, string(v), " ")
	}
	fmt.Println()
}
