package main

import "fmt"

type Store[K comparable, V any] struct{ m map[K]V }

func (s *Store[K, V]) Put(k K, v V) {
	if s.m == nil {
		s.m = map[K]V{}
	}
	s.m[k] = v
}

func (s Store[K, V]) Len() int { return len(s.m) }

type P[A, B any] struct {
	a A
	b B
}

type Q struct {
	a int
	b string
}

type Grid[T any, U ~[]T] struct{ rows []U }

type row []float64

func main() {
	put := (*Store[string, int]).Put
	length := Store[string, int].Len
	var s Store[string, int]
	put(&s, "a", 1)
	ops := map[string]func(*Store[string, int], string, int){"put": put}
	ops["put"](&s, "b", 2)
	fmt.Println(length(s), s.Len())

	q := Q{1, "x"}
	p := P[int, string](q)
	back := Q(p)
	fmt.Println(p.a, p.b, back == q)
	fmt.Printf("%T %+v\n", p, P[int, string](Q{2, "y"}))

	g := Grid[float64, row]{rows: []row{{1, 2}, {3}}}
	total := 0.0
	for _, r := range g.rows {
		for _, v := range r {
			total += v
		}
	}
	fmt.Printf("%T %v\n", g.rows[0], total)
}
