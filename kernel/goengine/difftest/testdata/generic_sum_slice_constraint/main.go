package main

import "fmt"

type number interface {
	~int | ~int64 | ~float64
}

type scores []int
type meters float64

func sum[S ~[]E, E number](s S) E {
	var t E
	for _, v := range s {
		t += v
	}
	return t
}

func scale[S ~[]E, E number](s S, f E) S {
	out := make(S, len(s))
	for i, v := range s {
		out[i] = v * f
	}
	return out
}

func zero[T any]() T {
	var z T
	return z
}

func first[T any](xs []T) (T, bool) {
	if len(xs) == 0 {
		return *new(T), false
	}
	return xs[0], true
}

func main() {
	s := scores{3, 4, 5}
	fmt.Println(sum(s))
	d := scale(s, 2)
	fmt.Printf("%v %T\n", d, d)
	ms := []meters{1.5, 2.25}
	fmt.Printf("%v %T\n", sum(ms), sum(ms))
	fmt.Printf("%q %v %v\n", zero[string](), zero[*int]() == nil, zero[[2]bool]())
	fmt.Println(first([]string{}))
	fmt.Println(first(ms))
}
