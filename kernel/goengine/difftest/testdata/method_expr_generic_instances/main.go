package main

import (
	"fmt"
	"strings"
)

type stack[T any] struct{ items []T }

func (s *stack[T]) Push(v T) { s.items = append(s.items, v) }
func (s stack[T]) Peek() T   { return s.items[len(s.items)-1] }
func (s stack[T]) Size() int { return len(s.items) }

type words []string

func (w words) Join(sep string) string { return strings.Join(w, sep) }

func main() {
	push := (*stack[int]).Push
	peek := stack[int].Peek
	var s stack[int]
	push(&s, 4)
	push(&s, 9)
	fmt.Println(peek(s), stack[int].Size(s))

	ps := &stack[string]{}
	add := ps.Push
	add("x")
	add("y")
	fmt.Println(ps.Peek(), ps.Size())

	join := words.Join
	fmt.Println(join(words{"a", "b"}, "+"))
	fns := []func(stack[int]) int{stack[int].Size, func(s stack[int]) int { return s.Peek() * 10 }}
	for _, f := range fns {
		fmt.Print(f(s), " ")
	}
	fmt.Printf("\n%T\n", peek)
}
