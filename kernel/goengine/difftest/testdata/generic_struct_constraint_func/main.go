package main

import "fmt"

type Shape interface {
	Area() float64
}

type Rect struct{ W, H float64 }

func (r Rect) Area() float64 { return r.W * r.H }

type Circle struct{ R float64 }

func (c Circle) Area() float64 { return 3 * c.R * c.R }

func Largest[S Shape](shapes []S) S {
	var best S
	for i, s := range shapes {
		if i == 0 || s.Area() > best.Area() {
			best = s
		}
	}
	return best
}

func TotalArea[S Shape](shapes ...S) float64 {
	t := 0.0
	for _, s := range shapes {
		t += s.Area()
	}
	return t
}

func main() {
	fmt.Println(Largest([]Rect{{1, 2}, {3, 1}, {2, 2}}))
	fmt.Println(Largest([]Shape{Rect{1, 1}, Circle{1}}))
	fmt.Println(TotalArea(Circle{1}, Circle{2}))
}
