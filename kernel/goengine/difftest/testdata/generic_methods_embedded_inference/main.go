package main

import (
	"fmt"
	"strings"
)

type Store[K comparable, V any] struct {
	data  map[K]V
	order []K
}

func NewStore[K comparable, V any]() *Store[K, V] {
	return &Store[K, V]{data: map[K]V{}}
}

func (s *Store[K, V]) Put(k K, v V) *Store[K, V] {
	if _, ok := s.data[k]; !ok {
		s.order = append(s.order, k)
	}
	s.data[k] = v
	return s
}

func (s *Store[K, V]) Each(f func(K, V)) {
	for _, k := range s.order {
		f(k, s.data[k])
	}
}

type Named struct {
	*Store[string, int]
	Title string
}

type Lens[T, F any] struct {
	Get func(T) F
	Set func(T, F) T
}

func Modify[T, F any](l Lens[T, F], t T, f func(F) F) T {
	return l.Set(t, f(l.Get(t)))
}

type user struct{ name string }

func Reduce[T, A any](xs []T, init A, f func(A, T) A) A {
	acc := init
	for _, x := range xs {
		acc = f(acc, x)
	}
	return acc
}

func main() {
	n := Named{NewStore[string, int](), "scores"}
	n.Put("b", 2).Put("a", 1).Put("b", 3)
	n.Each(func(k string, v int) { fmt.Print(k, "=", v, " ") })
	fmt.Println(len(n.order), n.Title)

	nameLens := Lens[user, string]{
		Get: func(u user) string { return u.name },
		Set: func(u user, s string) user { u.name = s; return u },
	}
	u := Modify(nameLens, user{"ada"}, strings.ToUpper)
	fmt.Println(u.name)

	total := Reduce([]int{1, 2, 3}, 0.5, func(a float64, x int) float64 { return a + float64(x) })
	words := Reduce([]string{"go", "is", "fun"}, "", func(a string, w string) string { return a + "[" + w + "]" })
	fmt.Println(total, words)
	fmt.Printf("%T %T\n", n.Store, nameLens)
}
