package main

import (
	"cmp"
	"fmt"
	"slices"
	"strings"
)

type List[T any] struct{ items []T }

func (l *List[T]) Push(v T) { l.items = append(l.items, v) }
func (l *List[T]) Len() int { return len(l.items) }
func (l List[T]) Each(f func(int, T)) {
	for i, v := range l.items {
		f(i, v)
	}
}

func Map[T, U any](xs []T, f func(T) U) []U {
	out := make([]U, 0, len(xs))
	for _, x := range xs {
		out = append(out, f(x))
	}
	return out
}

func (l List[T]) Strings() []string {
	return Map(l.items, func(v T) string { return fmt.Sprint(v) })
}

type Sorted[T cmp.Ordered] struct{ List[T] }

func (s *Sorted[T]) Insert(v T) {
	i, _ := slices.BinarySearch(s.items, v)
	s.items = slices.Insert(s.items, i, v)
}

func (s Sorted[T]) Max() (T, bool) {
	var zero T
	if len(s.items) == 0 {
		return zero, false
	}
	return s.items[len(s.items)-1], true
}

type Pair[K comparable, V any] struct {
	Key K
	Val V
}

func (p Pair[K, V]) String() string { return fmt.Sprintf("%v=%v", p.Key, p.Val) }
func (p Pair[K, V]) Swap() Pair[string, K] {
	return Pair[string, K]{fmt.Sprint(p.Val), p.Key}
}

func main() {
	var l List[int]
	push := l.Push
	for i := range 5 {
		push(i * i)
	}
	fmt.Println(l.Len(), l.Strings())
	each := l.Each
	each(func(i, v int) {
		if i%2 == 0 {
			fmt.Print(v, " ")
		}
	})
	fmt.Println()
	lenF := (*List[int]).Len
	fmt.Println(lenF(&l))
	strs := List[int].Strings
	fmt.Println(strings.Join(strs(l), ","))

	var s Sorted[string]
	for _, w := range []string{"pear", "apple", "fig", "kiwi"} {
		s.Insert(w)
	}
	fmt.Println(s.items, s.Len())
	m, ok := s.Max()
	fmt.Println(m, ok)
	ins := s.Insert
	ins("banana")
	fmt.Println(s.Strings())

	p := Pair[string, int]{"a", 1}
	fmt.Println(p, p.Swap(), p.Swap().Swap())
	ps := []Pair[string, int]{{"x", 1}, {"y", 2}}
	fmt.Println(ps)
	sw := p.Swap
	fmt.Printf("%v %T\n", sw(), sw())
}
