package main

import (
	"fmt"
	"iter"
	"strings"
)

type List[T any] struct {
	head, tail *node[T]
	n          int
}

type node[T any] struct {
	v    T
	next *node[T]
}

func (l *List[T]) Push(v T) {
	nd := &node[T]{v: v}
	if l.tail == nil {
		l.head = nd
	} else {
		l.tail.next = nd
	}
	l.tail = nd
	l.n++
}

func (l *List[T]) All() iter.Seq2[int, T] {
	return func(yield func(int, T) bool) {
		i := 0
		for nd := l.head; nd != nil; nd = nd.next {
			if !yield(i, nd.v) {
				return
			}
			i++
		}
	}
}

func Map[T, U any](seq iter.Seq2[int, T], f func(T) U) []U {
	var out []U
	for _, v := range seq {
		out = append(out, f(v))
	}
	return out
}

func main() {
	var l List[string]
	for _, s := range []string{"go", "is", "fun", "!"} {
		l.Push(s)
	}
	for i, v := range l.All() {
		if i == 3 {
			break
		}
		fmt.Print(i, ":", v, " ")
	}
	fmt.Println(l.n)
	fmt.Println(Map(l.All(), strings.ToUpper), Map(l.All(), func(s string) int { return len(s) }))
	var nums List[float64]
	nums.Push(1.5)
	nums.Push(2.5)
	total := 0.0
	for _, v := range nums.All() {
		total += v
	}
	fmt.Println(total)
}
