package main

import (
	"fmt"
	"sort"
)

type set[T comparable] map[T]struct{}

func (s set[T]) add(vs ...T) set[T] {
	for _, v := range vs {
		s[v] = struct{}{}
	}
	return s
}

func (s set[T]) has(v T) bool {
	_, ok := s[v]
	return ok
}

func (s set[T]) union(o set[T]) set[T] {
	out := set[T]{}
	for v := range s {
		out.add(v)
	}
	for v := range o {
		out.add(v)
	}
	return out
}

func sorted[T interface{ ~int | ~string }](s set[T]) []T {
	out := make([]T, 0, len(s))
	for v := range s {
		out = append(out, v)
	}
	sort.Slice(out, func(i, j int) bool { return out[i] < out[j] })
	return out
}

type number interface {
	~int | ~int32 | ~float64
}

func convert[To, From number](xs []From) []To {
	out := make([]To, len(xs))
	for i, x := range xs {
		out[i] = To(x)
	}
	return out
}

func indexOf[T comparable](xs []T, v T) int {
	var zero T
	for i, x := range xs {
		if x == v && x != zero {
			return i
		}
	}
	return -1
}

func main() {
	a := set[int]{}
	a.add(3, 1, 2)
	b := set[int]{}.add(2, 5)
	u := a.union(b)
	fmt.Println(sorted(u), len(u), u.has(5), u.has(4))
	words := make(set[string]).add("go", "is", "go")
	fmt.Println(sorted(words))
	fmt.Println(convert[float64]([]int{1, 2}), convert[int]([]float64{1.9, -1.9}), convert[int32, int]([]int{7}))
	fmt.Println(indexOf([]string{"", "a", "b"}, "b"), indexOf([]int{0, 1}, 0))
}
