package main

import (
	"fmt"
	"strings"
)

type shape interface {
	area() float64
	perimeter() float64
}

type rect struct{ w, h float64 }
type square struct{ rect }

func (r rect) area() float64      { return r.w * r.h }
func (r rect) perimeter() float64 { return 2 * (r.w + r.h) }
func (s square) String() string   { return fmt.Sprintf("square(%g)", s.w) }

type named interface {
	shape
	fmt.Stringer
}

func total(ss ...shape) (a float64) {
	for _, s := range ss {
		a += s.area()
	}
	return
}

func main() {
	sq := square{rect{2, 2}}
	var s shape = sq
	fmt.Println(s.area(), s.perimeter(), total(sq, rect{1, 3}))
	if n, ok := s.(named); ok {
		fmt.Println("named:", n.String(), n)
	}
	if _, ok := s.(fmt.Stringer); ok {
		fmt.Println("stringer")
	}
	var r shape = rect{1, 1}
	_, ok := r.(fmt.Stringer)
	fmt.Println(ok)
	shapes := []shape{sq, rect{3, 1}, &rect{2, 5}}
	var parts []string
	for _, x := range shapes {
		switch v := x.(type) {
		case fmt.Stringer:
			parts = append(parts, "S:"+v.String())
		case rect:
			parts = append(parts, fmt.Sprint("R:", v.w))
		case *rect:
			parts = append(parts, fmt.Sprint("P:", v.h))
		}
	}
	fmt.Println(strings.Join(parts, ","))
	fmt.Println(shapes[0] == square{rect{2, 2}}, shapes[1] == rect{3, 1}, shapes[2] == shapes[2])
	fmt.Printf("%v %+v %T\n", shapes[1], shapes[2], shapes[2])
}
