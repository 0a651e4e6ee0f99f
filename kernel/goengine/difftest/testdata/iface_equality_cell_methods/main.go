package main

import (
	"errors"
	"fmt"
)

type point struct{ X, Y int }

func (p point) String() string { return fmt.Sprintf("(%d,%d)", p.X, p.Y) }

type code int

func (c code) Error() string { return fmt.Sprint("code ", int(c)) }

type sentinel struct{ name string }

func (s sentinel) Error() string { return s.name }

var errA = sentinel{"a"}

func get(i int) error {
	if i == 0 {
		return errA
	}
	return fmt.Errorf("wrapped: %w", sentinel{"a"})
}

func main() {
	var x, y any = point{1, 2}, point{1, 2}
	fmt.Println(x == y, x != y, x == any(point{2, 1}))
	var s1, s2 fmt.Stringer = point{3, 4}, point{3, 4}
	fmt.Println(s1 == s2)
	m := map[any]int{}
	m[point{1, 1}]++
	m[point{1, 1}]++
	m[code(1)]++
	m[code(1)]++
	fmt.Println(len(m), m[point{1, 1}], m[code(1)])
	var e1, e2 error = code(7), code(7)
	fmt.Println(e1 == e2, e1 == code(7), e1 == error(code(8)))
	fmt.Println(errors.Is(get(0), errA), errors.Is(get(1), errA), errors.Is(get(1), sentinel{"b"}))
	errs := []error{code(1), sentinel{"x"}, nil}
	for _, e := range errs {
		switch e {
		case code(1):
			fmt.Println("code one")
		case sentinel{"x"}:
			fmt.Println("sentinel x")
		case nil:
			fmt.Println("nil")
		}
	}
	ch := make(chan any, 1)
	ch <- point{5, 5}
	fmt.Println(<-ch == any(point{5, 5}))
}
