package main

import (
	"errors"
	"fmt"
)

type Stack[T any] struct{ items []T }

func (s *Stack[T]) Push(v T) { s.items = append(s.items, v) }
func (s *Stack[T]) Pop() (T, error) {
	var zero T
	if len(s.items) == 0 {
		return zero, errors.New("empty stack")
	}
	v := s.items[len(s.items)-1]
	s.items = s.items[:len(s.items)-1]
	return v, nil
}
func (s Stack[T]) Size() int { return len(s.items) }

type Pusher[T any] interface {
	Push(T)
	Size() int
}

type Machine struct {
	*Stack[float64]
	name string
}

func fill[T any](p Pusher[T], vs ...T) int {
	for _, v := range vs {
		p.Push(v)
	}
	return p.Size()
}

func eval(tokens []string) (float64, error) {
	m := Machine{&Stack[float64]{}, "rpn"}
	for _, t := range tokens {
		var v float64
		if _, err := fmt.Sscan(t, &v); err == nil {
			m.Push(v)
			continue
		}
		b, err1 := m.Pop()
		a, err2 := m.Pop()
		if err := errors.Join(err1, err2); err != nil {
			return 0, fmt.Errorf("%s at %q: %w", m.name, t, err)
		}
		switch t {
		case "+":
			m.Push(a + b)
		case "*":
			m.Push(a * b)
		case "/":
			m.Push(a / b)
		default:
			return 0, fmt.Errorf("bad token %q", t)
		}
	}
	return m.Pop()
}

func main() {
	fmt.Println(eval([]string{"3", "4", "+", "2", "*"}))
	fmt.Println(eval([]string{"1", "+"}))
	fmt.Println(eval([]string{"1", "2", "%"}))
	var s Stack[string]
	fmt.Println(fill[string](&s, "a", "b"), s.Size())
	var p Pusher[int] = &Stack[int]{}
	fmt.Println(fill(p, 1, 2, 3))
	_, isPtr := p.(*Stack[int])
	fmt.Println(isPtr)
}
