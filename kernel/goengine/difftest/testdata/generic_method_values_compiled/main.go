package main

import (
	"fmt"
	"slices"
	"sort"
	"strings"
)

type Set[T comparable] struct{ m map[T]struct{} }

func NewSet[T comparable](xs ...T) *Set[T] {
	s := &Set[T]{m: map[T]struct{}{}}
	for _, x := range xs {
		s.Add(x)
	}
	return s
}
func (s *Set[T]) Add(x T)      { s.m[x] = struct{}{} }
func (s *Set[T]) Has(x T) bool { _, ok := s.m[x]; return ok }
func (s *Set[T]) Len() int     { return len(s.m) }

type Table[T any] struct {
	rows []T
	key  func(T) string
}

func (t *Table[T]) less(i, j int) bool { return t.key(t.rows[i]) < t.key(t.rows[j]) }
func (t *Table[T]) Sort()              { sort.Slice(t.rows, t.less) }
func (t *Table[T]) Keys() []string     { return Map(t.rows, t.key) }

func Map[T, U any](xs []T, f func(T) U) []U {
	out := make([]U, len(xs))
	for i, x := range xs {
		out[i] = f(x)
	}
	return out
}

func Filter[T any](xs []T, f func(T) bool) []T {
	var out []T
	for _, x := range xs {
		if f(x) {
			out = append(out, x)
		}
	}
	return out
}

type user struct {
	name string
	age  int
}

func main() {
	s := NewSet("a", "b", "c")
	has := s.Has
	fmt.Println(Filter([]string{"a", "x", "c", "y"}, has), s.Len())
	fmt.Println(slices.IndexFunc([]string{"q", "b"}, s.Has))
	add := s.Add
	for _, w := range strings.Fields("d e a") {
		add(w)
	}
	fmt.Println(s.Len())
	t := &Table[user]{rows: []user{{"cy", 3}, {"al", 1}, {"bo", 2}}, key: func(u user) string { return u.name }}
	t.Sort()
	fmt.Println(t.rows, t.Keys())
	sorter := t.Sort
	t.rows = append(t.rows, user{"aa", 0})
	sorter()
	fmt.Println(t.Keys())
	ns := NewSet(1, 2, 3)
	fmt.Println(Map([]int{1, 5, 3}, ns.Has))
	lens := Map(t.rows, func(u user) int { return u.age })
	fmt.Println(lens, slices.Max(lens))
}
