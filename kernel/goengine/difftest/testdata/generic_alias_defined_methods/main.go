// A generic alias of a generic defined type denotes that type's instance:
// its methods, value and pointer receivers, are called through the alias.
package main

import "fmt"

type Queue[T any] struct {
	items []T
}

func (q *Queue[T]) Push(x T) { q.items = append(q.items, x) }

func (q *Queue[T]) Pop() (T, bool) {
	var zero T
	if len(q.items) == 0 {
		return zero, false
	}
	x := q.items[0]
	q.items = q.items[1:]
	return x, true
}

func (q Queue[T]) Len() int { return len(q.items) }

func (q Queue[T]) String() string { return fmt.Sprintf("queue%v", q.items) }

type Fifo[T any] = Queue[T]

type Pair[K comparable, V any] struct {
	Key K
	Val V
}

func (p Pair[K, V]) Describe() string { return fmt.Sprintf("%v=%v", p.Key, p.Val) }

type Entry[V any] = Pair[string, V]

func drain(q *Queue[int]) []int {
	var out []int
	for {
		x, ok := q.Pop()
		if !ok {
			return out
		}
		out = append(out, x)
	}
}

func main() {
	var q Fifo[int]
	q.Push(1)
	q.Push(2)
	q.Push(3)
	fmt.Println(q.Len(), q)
	fmt.Printf("%T\n", q)
	fmt.Println(drain(&q), q.Len())

	e := Entry[float64]{Key: "pi", Val: 3.5}
	var p Pair[string, float64] = e
	fmt.Println(e.Describe(), p.Describe())
	fmt.Printf("%T %+v\n", e, e)

	s := &Fifo[string]{}
	s.Push("x")
	v, ok := s.Pop()
	fmt.Println(v, ok, s.Len())
}
