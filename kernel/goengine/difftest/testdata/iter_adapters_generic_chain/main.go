package main

import (
	"fmt"
	"iter"
	"slices"
	"strings"
)

func Map[T, U any](seq iter.Seq[T], f func(T) U) iter.Seq[U] {
	return func(yield func(U) bool) {
		for v := range seq {
			if !yield(f(v)) {
				return
			}
		}
	}
}

func Filter[T any](seq iter.Seq[T], keep func(T) bool) iter.Seq[T] {
	return func(yield func(T) bool) {
		for v := range seq {
			if keep(v) && !yield(v) {
				return
			}
		}
	}
}

func Take[T any](seq iter.Seq[T], n int) iter.Seq[T] {
	return func(yield func(T) bool) {
		if n <= 0 {
			return
		}
		i := 0
		for v := range seq {
			if !yield(v) {
				return
			}
			if i++; i == n {
				return
			}
		}
	}
}

func naturals(log *[]string) iter.Seq[int] {
	return func(yield func(int) bool) {
		defer func() { *log = append(*log, "naturals done") }()
		for i := 1; ; i++ {
			if !yield(i) {
				return
			}
		}
	}
}

func Zip[A, B any](a iter.Seq[A], b iter.Seq[B]) iter.Seq2[A, B] {
	return func(yield func(A, B) bool) {
		nb, stop := iter.Pull(b)
		defer stop()
		for va := range a {
			vb, ok := nb()
			if !ok || !yield(va, vb) {
				return
			}
		}
	}
}

func main() {
	var log []string
	sq := Map(Filter(naturals(&log), func(n int) bool { return n%3 == 0 }), func(n int) string { return fmt.Sprint(n * n) })
	fmt.Println(slices.Collect(Take(sq, 4)), log)
	for s := range Take(sq, 10) {
		if strings.HasPrefix(s, "1") && len(s) > 2 {
			fmt.Println("first long 1x:", s)
			break
		}
	}
	fmt.Println(log)
	for a, b := range Zip(slices.Values([]string{"x", "y", "z"}), Take(naturals(&log), 2)) {
		fmt.Print(a, b, " ")
	}
	fmt.Println()
	fmt.Println(len(log), slices.Collect(Take(naturals(&log), 0)))
}
