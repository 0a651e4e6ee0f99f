package main

import (
	"cmp"
	"fmt"
	"slices"
)

type Set[T cmp.Ordered] map[T]struct{}

func Of[T cmp.Ordered](vs ...T) Set[T] {
	s := Set[T]{}
	for _, v := range vs {
		s[v] = struct{}{}
	}
	return s
}

func (s Set[T]) Has(v T) bool { _, ok := s[v]; return ok }

func (s Set[T]) Union(o Set[T]) Set[T] {
	r := Set[T]{}
	for v := range s {
		r[v] = struct{}{}
	}
	for v := range o {
		r[v] = struct{}{}
	}
	return r
}

func (s Set[T]) Sorted() []T {
	var out []T
	for v := range s {
		out = append(out, v)
	}
	slices.Sort(out)
	return out
}

func main() {
	a := Of(1, 3, 5)
	b := Of(3, 4)
	fmt.Println(a.Union(b).Sorted(), a.Has(3), a.Has(4))
	fmt.Println(Of("x", "y", "x").Sorted())
	fmt.Println(len(a), a)
}
