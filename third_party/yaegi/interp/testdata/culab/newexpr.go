// culab patch 46: new of an expression (Go 1.26).
package main

import (
	"errors"
	"fmt"
)

type Point struct{ X, Y int }

type Temp float64

func (t Temp) String() string { return fmt.Sprintf("%.1f°", float64(t)) }

func twice(n int) int { return 2 * n }

func zero[T any]() *T { return new(T) }

func boxed[T any](v T) *T { return new(v) }

func main() {
	a, r, s, f := new(42), new('a'), new("go"), new(2.5)
	fmt.Printf("%T %v %T %v %T %v %T %v\n", a, *a, r, *r, s, *s, f, *f)
	p := Point{1, 2}
	q := new(p)
	q.X = 9
	fmt.Println(p, *q, *new(Point), *new(Point{3, 4}))
	fmt.Println(*new(twice(21)), *new(p.Y), *zero[string]() == "", *boxed(Temp(21.5)))
	var e error = errors.New("boom")
	pe := new(e)
	fmt.Println(*pe, *new(any(7)), *new(int64(1) << 40))
	xs := []int{1}
	px := new(xs)
	*px = append(*px, 2)
	fmt.Println(xs, *px, *new(Temp(3)))
}

// Output:
// *int 42 *int32 97 *string go *float64 2.5
// {1 2} {9 2} {0 0} {3 4}
// 42 2 true 21.5°
// boom 7 1099511627776
// [1] [1 2] 3.0°
