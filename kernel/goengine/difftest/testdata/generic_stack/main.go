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
	s.Push("a")
	s.Push("b")
	s.Push("c")
	fmt.Println(s.Len())
	for {
		v, ok := s.Pop()
		if !ok {
			break
		}
		fmt.Print(v)
	}
	fmt.Println()
	var n Stack[float64]
	v, ok := n.Pop()
	fmt.Println(v, ok)
	fmt.Printf("%T %T\n", s, &n)
}
