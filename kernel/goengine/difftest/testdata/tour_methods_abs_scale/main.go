package main

import (
	"fmt"
	"math"
)

type Vertex struct{ X, Y float64 }

func (v Vertex) Abs() float64 { return math.Sqrt(v.X*v.X + v.Y*v.Y) }

func (v *Vertex) Scale(f float64) {
	v.X *= f
	v.Y *= f
}

func ScaleFunc(v *Vertex, f float64) {
	v.X *= f
	v.Y *= f
}

type MyFloat float64

func (f MyFloat) Abs() float64 {
	if f < 0 {
		return float64(-f)
	}
	return float64(f)
}

type Abser interface{ Abs() float64 }

func main() {
	v := Vertex{3, 4}
	v.Scale(2)
	ScaleFunc(&v, 10)
	p := &Vertex{4, 3}
	p.Scale(3)
	ScaleFunc(p, 8)
	fmt.Println(v, p, v.Abs(), p.Abs())
	var a Abser
	f := MyFloat(-math.Sqrt2)
	a = f
	fmt.Printf("%v %T %.4f\n", a, a, a.Abs())
	a = &v
	fmt.Printf("%v %T %.1f\n", a, a, a.Abs())
	var nilV *Vertex
	a = nilV
	fmt.Println(a == nil, a != nil)
	describe := func(i interface{}) { fmt.Printf("(%v, %T)\n", i, i) }
	describe(42)
	describe("hello")
	describe(f)
}
