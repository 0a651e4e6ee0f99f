package main

import (
	"fmt"
	"iter"
)

func Fib() iter.Seq[int] {
	return func(yield func(int) bool) {
		a, b := 0, 1
		for {
			if !yield(a) {
				return
			}
			a, b = b, a+b
		}
	}
}

func Enumerate[T any](seq iter.Seq[T]) iter.Seq2[int, T] {
	return func(yield func(int, T) bool) {
		i := 0
		for v := range seq {
			if !yield(i, v) {
				return
			}
			i++
		}
	}
}

func TakeWhile[T any](seq iter.Seq[T], keep func(T) bool) iter.Seq[T] {
	return func(yield func(T) bool) {
		for v := range seq {
			if !keep(v) || !yield(v) {
				return
			}
		}
	}
}

func main() {
	for i, f := range Enumerate(Fib()) {
		if i == 10 {
			break
		}
		fmt.Print(f, " ")
	}
	fmt.Println()
	sum := 0
	for f := range TakeWhile(Fib(), func(n int) bool { return n < 100 }) {
		if f%2 == 1 {
			continue
		}
		sum += f
	}
	fmt.Println("even sum", sum)
	next, stop := iter.Pull(Fib())
	defer stop()
	for range 3 {
		v, ok := next()
		fmt.Println(v, ok)
	}
}
