package main

import "fmt"

type vec struct{ x, y float64 }

func (v vec) Scale(f float64) vec { return vec{v.x * f, v.y * f} }

func (v *vec) Add(o vec) { v.x += o.x; v.y += o.y }

func main() {
	scale := vec.Scale
	fmt.Println(scale(vec{1, 2}, 3))
	add := (*vec).Add
	v := vec{1, 1}
	add(&v, vec{2, 3})
	fmt.Println(v)
	viaPtr := (*vec).Scale
	fmt.Println(viaPtr(&v, 0.5))
	fmt.Printf("%T\n", scale)
}
