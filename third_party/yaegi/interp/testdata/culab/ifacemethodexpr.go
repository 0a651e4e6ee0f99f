// culab patch 31: method expressions of interface types of the cell.
package main

import (
	"fmt"
	"strings"
)

type Shape interface {
	Area() float64
	Scale(k float64) Shape
}

type sq struct{ s float64 }

func (q sq) Area() float64         { return q.s * q.s }
func (q sq) Scale(k float64) Shape { return sq{q.s * k} }

type named struct{ b strings.Builder }

type Namer interface{ Name(prefix string) string }

type tag string

func (t tag) Name(p string) string { return p + string(t) }

func main() {
	area := Shape.Area
	scale := Shape.Scale
	fmt.Println(area(sq{3}), area(scale(sq{2}, 2)))
	fmt.Println(Namer.Name(tag("x"), "id-"))
	apply := func(f func(Shape) float64, ss ...Shape) (t float64) {
		for _, s := range ss {
			t += f(s)
		}
		return
	}
	fmt.Println(apply(Shape.Area, sq{1}, sq{2}))
	defer func() { fmt.Println("recovered:", recover()) }()
	var s Shape
	area(s)
}

// Output:
// 9 16
// id-x
// 5
// recovered: runtime error: invalid memory address or nil pointer dereference
