package main

import (
	"fmt"
	"math"
)

type point struct{ X, Y int }
type grade int

func main() {
	fmt.Println(min(3, 1, 2), max(3, 1, 2), min(2.5, 1), max("b", "a", "c"))
	var g1, g2 grade = 3, 7
	fmt.Printf("%T %v\n", min(g1, g2), max(g1, g2))
	fmt.Println(min(math.NaN(), 1), max(-0.0, 0.0), min(-0.0, 0.0))
	x := 5
	fmt.Println(min(x, 10), max(x, 10), min(x))
	m := map[string]int{"a": 1, "b": 2}
	mm := m
	clear(m)
	fmt.Println(len(m), len(mm))
	s := []int{1, 2, 3}
	t := s[:2]
	clear(t)
	fmt.Println(s)
	a, b := point{1, 2}, point{1, 2}
	fmt.Println(a == b, a != point{2, 1})
	type pair struct {
		p point
		s string
		f [2]float64
	}
	p1 := pair{point{1, 1}, "x", [2]float64{1, 2}}
	p2 := p1
	fmt.Println(p1 == p2)
	p2.f[1] = 3
	fmt.Println(p1 == p2)
	var i1, i2 any = p1, p2
	fmt.Println(i1 == i2, i1 == any(p1))
	arr := [3]point{{1, 2}}
	arr2 := arr
	fmt.Println(arr == arr2)
	arr2[2].Y = 1
	fmt.Println(arr == arr2)
}
