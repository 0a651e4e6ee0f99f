package main

import (
	"fmt"
	"strings"
)

type List[T any] struct {
	head *elem[T]
	size int
}

type elem[T any] struct {
	val  T
	next *elem[T]
}

func (l *List[T]) PushFront(v T) {
	l.head = &elem[T]{v, l.head}
	l.size++
}

func (l *List[T]) Each(f func(T)) {
	for e := l.head; e != nil; e = e.next {
		f(e.val)
	}
}

func (l *List[T]) String() string {
	var parts []string
	l.Each(func(v T) { parts = append(parts, fmt.Sprint(v)) })
	return "[" + strings.Join(parts, " -> ") + "]"
}

func main() {
	l := &List[int]{}
	for i := 0; i < 4; i++ {
		l.PushFront(i * 11)
	}
	fmt.Println(l, l.size)
	words := &List[string]{}
	words.PushFront("world")
	words.PushFront("hello")
	fmt.Println(words.String())
}
