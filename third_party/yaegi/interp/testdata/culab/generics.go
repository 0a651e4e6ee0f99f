// culab patch 16: type arguments inferred as Go infers them.
package main

import (
	"cmp"
	"fmt"
	"strconv"
)

type Seq[V any] func(yield func(V) bool)

type Pair[K comparable, V any] struct {
	Key K
	Val V
}

type Names []string

func Values[T any](xs []T) Seq[T] {
	return func(yield func(T) bool) {
		for _, x := range xs {
			if !yield(x) {
				return
			}
		}
	}
}

// Map's U is in no parameter's first position: the order of inference
// does not matter.
func Map[T, U any](seq Seq[T], f func(T) U) Seq[U] {
	return func(yield func(U) bool) {
		for v := range seq {
			if !yield(f(v)) {
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

func Swap[K comparable, V any](p Pair[K, V]) Pair[string, K] {
	return Pair[string, K]{fmt.Sprint(p.Val), p.Key}
}

func First[S ~[]E, E any](s S) E { return s[0] }

func Largest[T cmp.Ordered](xs ...T) T {
	m := xs[0]
	for _, x := range xs[1:] {
		m = max(m, x)
	}
	return m
}

func Spread[T any](xs ...T) int { return Count(xs...) }

func Count[T any](xs ...T) int { return len(xs) }

func Convert[To, From any](x From, f func(From) To) To { return f(x) }

func Three[A, B, C any](a A, b B, c C) string { return fmt.Sprintf("%T %T %T", a, b, c) }

func Keys[K comparable, V any](m map[K]V) []K {
	var ks []K
	for k := range m {
		ks = append(ks, k)
	}
	return ks
}

func Deref[T any](p *T) T { return *p }

func Recv[T any](c <-chan T) T {
	v := <-c // return <-c fails in the interpreter, generic or not
	return v
}

// Package-level variables of generic calls (they were left empty).
var (
	pkgClone        = First([][]int{{1, 2}})
	pkgTyped []bool = Collect(Values([]bool{true}))
)

func main() {
	fmt.Println(pkgClone, pkgTyped)
	strs := Collect(Map(Values([]int{1, 2, 3}), strconv.Itoa))
	fmt.Printf("%q\n", strs)
	fmt.Println(Collect(Map(Values([]string{"a", "bb"}), func(s string) int { return len(s) })))
	fmt.Println(Swap(Pair[int, float64]{7, 2.5}))
	fmt.Println(First(Names{"x", "y"}), First([]float64{1.5}))
	fmt.Println(Largest(1, 2.5, 2), Largest(3, 1), Largest("a", "b"))
	fmt.Println(Spread(1, 2, 3), Count[string]())
	fmt.Println(Convert[string](42, strconv.Itoa), Convert(3, func(i int) float64 { return float64(i) / 2 }))
	fmt.Println(Keys(map[string]bool{"k": true}), Three[int8, string](1, "x", 2.5))
	n := 5
	ch := make(chan string, 1)
	ch <- "sent"
	fmt.Println(Deref(&n), Recv(ch))
}

// Output:
// [1 2] [true]
// ["1" "2" "3"]
// [1 2]
// {2.5 7}
// x 1.5
// 2.5 3 b
// 3 0
// 42 1.5
// [k] int8 string float64
// 5 sent
