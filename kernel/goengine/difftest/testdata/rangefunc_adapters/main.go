package main

import "fmt"

// Seq is a sequence of values, as iter.Seq is.
type Seq[T any] func(yield func(T) bool)

func Values[T any](xs []T) Seq[T] {
	return func(yield func(T) bool) {
		for _, x := range xs {
			if !yield(x) {
				return
			}
		}
	}
}

func Collect[T any](seq Seq[T]) []T {
	var out []T
	for v := range seq {
		out = append(out, v)
	}
	return out
}

func Filter[T any](seq Seq[T], keep func(T) bool) Seq[T] {
	return func(yield func(T) bool) {
		for v := range seq {
			if keep(v) && !yield(v) {
				return
			}
		}
	}
}

func Map[T, U any](seq Seq[T], f func(T) U) Seq[U] {
	return func(yield func(U) bool) {
		for v := range seq {
			if !yield(f(v)) {
				return
			}
		}
	}
}

func Take[T any](seq Seq[T], n int) Seq[T] {
	return func(yield func(T) bool) {
		if n <= 0 {
			return
		}
		i := 0
		for v := range seq {
			if !yield(v) {
				return
			}
			i++
			if i == n {
				return
			}
		}
	}
}

func main() {
	nums := Values([]int{1, 2, 3, 4, 5, 6, 7, 8, 9, 10})
	even := Filter(nums, func(n int) bool { return n%2 == 0 })
	labels := Map(even, func(n int) string { return fmt.Sprintf("<%d>", n) })
	fmt.Println(Collect(Take(labels, 3)))
}
