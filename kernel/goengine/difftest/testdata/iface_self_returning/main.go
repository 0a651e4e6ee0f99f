package main

import (
	"fmt"
	"math"
)

type shape interface {
	area() float64
	scale(f float64) shape
}

type circle struct{ r float64 }
type rect struct{ w, h float64 }

func (c circle) area() float64         { return math.Pi * c.r * c.r }
func (c circle) scale(f float64) shape { return circle{c.r * f} }
func (r rect) area() float64           { return r.w * r.h }
func (r rect) scale(f float64) shape   { return &rect{r.w * f, r.h * f} }

func (c circle) String() string { return fmt.Sprintf("circle(%g)", c.r) }

func main() {
	shapes := []shape{circle{1}, rect{2, 3}}
	for _, s := range shapes {
		t := s.scale(2)
		fmt.Printf("%T %.2f -> %T %.2f\n", s, s.area(), t, t.area())
	}
	fmt.Println(shapes[0], shapes[0].scale(3))
	fmt.Println(shapes[1].scale(2).scale(0.5).area())
	if r, ok := shapes[1].scale(1).(*rect); ok {
		r.w = 10
		fmt.Println(*r)
	}
}
