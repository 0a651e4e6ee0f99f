package main

import "fmt"

type Stack[T any] struct{ items []T }

func (s *Stack[T]) Push(v T) { s.items = append(s.items, v) }
func (s *Stack[T]) Pop() (T, bool) {
	var zero T
	if len(s.items) == 0 {
		return zero, false
	}
	v := s.items[len(s.items)-1]
	s.items = s.items[:len(s.items)-1]
	return v, true
}
func (s Stack[T]) Len() int { return len(s.items) }

func main() {
	var s Stack[string]
	push := s.Push // method value through &s
	push("a")
	push("b")
	fmt.Println(s.Len())
	pop := (*Stack[string]).Pop
	v, ok := pop(&s)
	fmt.Println(v, ok, s.Len())
	length := Stack[string].Len
	fmt.Println(length(s))
	snapshot := s.Len // the receiver is copied now
	s.Push("c")
	fmt.Println(snapshot(), s.Len())
	ints := &Stack[int]{}
	for i := range 3 {
		defer ints.Push(i)
	}
	ops := []func(int){ints.Push, func(int) { ints.Pop() }}
	ops[0](10)
	ops[0](20)
	ops[1](0)
	fmt.Println(ints.items)
}
