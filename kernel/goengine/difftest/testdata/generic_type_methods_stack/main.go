package main

import (
	"errors"
	"fmt"
)

type Stack[T any] struct {
	items []T
}

func (s *Stack[T]) Push(v T) { s.items = append(s.items, v) }

func (s *Stack[T]) Pop() (T, error) {
	var zero T
	if len(s.items) == 0 {
		return zero, errors.New("empty stack")
	}
	v := s.items[len(s.items)-1]
	s.items = s.items[:len(s.items)-1]
	return v, nil
}

func (s Stack[T]) Len() int { return len(s.items) }

type Pair[K comparable, V any] struct {
	Key K
	Val V
}

func (p Pair[K, V]) String() string { return fmt.Sprintf("%v=%v", p.Key, p.Val) }

func MapSlice[T, U any](xs []T, f func(T) U) []U {
	out := make([]U, 0, len(xs))
	for _, x := range xs {
		out = append(out, f(x))
	}
	return out
}

func Filter[T any](xs []T, keep func(T) bool) []T {
	var out []T
	for _, x := range xs {
		if keep(x) {
			out = append(out, x)
		}
	}
	return out
}

func Reduce[T, A any](xs []T, init A, f func(A, T) A) A {
	acc := init
	for _, x := range xs {
		acc = f(acc, x)
	}
	return acc
}

func main() {
	var s Stack[string]
	s.Push("a")
	s.Push("b")
	v, err := s.Pop()
	fmt.Println(v, err, s.Len())
	s.Pop()
	_, err = s.Pop()
	fmt.Println(err)
	ps := []Pair[string, int]{{"x", 1}, {"y", 2}}
	fmt.Println(ps, ps[0])
	sq := MapSlice([]int{1, 2, 3}, func(i int) string { return fmt.Sprint(i * i) })
	fmt.Printf("%q\n", sq)
	evens := Filter([]int{1, 2, 3, 4, 5, 6}, func(i int) bool { return i%2 == 0 })
	fmt.Println(evens, Reduce(evens, 0, func(a, b int) int { return a + b }))
	fmt.Println(Reduce([]string{"a", "b"}, "", func(a string, b string) string { return a + b + b }))
	ip := &Stack[Pair[int, bool]]{}
	ip.Push(Pair[int, bool]{1, true})
	top, _ := ip.Pop()
	fmt.Println(top, top.Key)
}
