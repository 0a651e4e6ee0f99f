package main

import "fmt"

type stack[T any] struct{ items []T }

func (s *stack[T]) push(v T) { s.items = append(s.items, v) }
func (s *stack[T]) pop() (T, bool) {
	var zero T
	if len(s.items) == 0 {
		return zero, false
	}
	v := s.items[len(s.items)-1]
	s.items = s.items[:len(s.items)-1]
	return v, true
}
func (s stack[T]) size() int { return len(s.items) }

func mapf[T, U any](xs []T, f func(T) U) []U {
	out := make([]U, 0, len(xs))
	for _, x := range xs {
		out = append(out, f(x))
	}
	return out
}

func counter[T comparable]() func(T) int {
	seen := map[T]int{}
	return func(v T) int {
		seen[v]++
		return seen[v]
	}
}

// Method values of generic types, and generic closures.
func main() {
	s := &stack[string]{}
	push := s.push
	for _, w := range []string{"a", "b", "c"} {
		push(w)
	}
	size := s.size
	pop := s.pop
	v, ok := pop()
	fmt.Println(v, ok, size(), s.size())
	c := counter[string]()
	fmt.Println(mapf([]string{"x", "y", "x", "x"}, c))
	ints := &stack[int]{}
	pushes := []func(int){ints.push, ints.push}
	for i, p := range pushes {
		p(i * 7)
	}
	fmt.Println(ints.items, mapf(ints.items, func(n int) string { return fmt.Sprint(n, "!") }))
}
