package main

import (
	"fmt"
	"sort"
	"strings"
)

type Set[T comparable] struct{ m map[T]struct{} }

func (s *Set[T]) Add(v T) {
	if s.m == nil {
		s.m = map[T]struct{}{}
	}
	s.m[v] = struct{}{}
}
func (s Set[T]) Has(v T) bool { _, ok := s.m[v]; return ok }
func (s Set[T]) Len() int     { return len(s.m) }

type Tags struct {
	Set[string]
	owner string
}

func (t Tags) String() string {
	ks := make([]string, 0, t.Len())
	for k := range t.m {
		ks = append(ks, k)
	}
	sort.Strings(ks)
	return t.owner + ":" + strings.Join(ks, ",")
}

type Lener interface{ Len() int }
type Adder[T any] interface{ Add(T) }

func fill[T any](a Adder[T], vs ...T) {
	for _, v := range vs {
		a.Add(v)
	}
}

func main() {
	var t Tags
	t.owner = "me"
	t.Add("go")
	t.Add("c")
	t.Add("go")
	fmt.Println(t, t.Has("c"), t.Has("x"))
	var l Lener = t
	fmt.Println(l.Len())
	fill[string](&t, "rust", "zig")
	fmt.Println(t.String(), t.Len())
	var s Set[int]
	fill[int](&s, 3, 1, 3)
	fmt.Println(s.Len(), s.Has(1))
	var a Adder[string] = &t.Set
	a.Add("x")
	fmt.Printf("%v\n", t)
	items := []Lener{t, s, &s}
	tot := 0
	for _, it := range items {
		tot += it.Len()
	}
	fmt.Println(tot)
}
