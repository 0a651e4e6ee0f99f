package main

import (
	"fmt"
	"sort"
)

type Event[T any] struct {
	Seq  int
	Data T
}

type Bus[T any] struct {
	subs map[string]chan Event[T]
	seq  int
}

func NewBus[T any]() *Bus[T] { return &Bus[T]{subs: map[string]chan Event[T]{}} }

func (b *Bus[T]) Sub(name string) <-chan Event[T] {
	c := make(chan Event[T], 4)
	b.subs[name] = c
	return c
}

func (b *Bus[T]) Pub(d T) {
	b.seq++
	names := make([]string, 0, len(b.subs))
	for n := range b.subs {
		names = append(names, n)
	}
	sort.Strings(names)
	for _, n := range names {
		b.subs[n] <- Event[T]{b.seq, d}
	}
}

func Drain[T any](c <-chan Event[T], n int) []T {
	var out []T
	for i := 0; i < n; i++ {
		out = append(out, (<-c).Data)
	}
	return out
}

type reading struct {
	sensor string
	val    float64
}

func main() {
	b := NewBus[reading]()
	x := b.Sub("x")
	y := b.Sub("y")
	b.Pub(reading{"t", 1.5})
	b.Pub(reading{"h", 40})
	fmt.Println(Drain(x, 2))
	e := <-y
	fmt.Printf("%d %+v %d\n", e.Seq, e.Data, len(y))
	idx := map[string][]Event[int]{}
	idx["a"] = append(idx["a"], Event[int]{1, 10}, Event[int]{2, 20})
	fmt.Println(idx["a"], len(idx["b"]))
}
