package main

import "fmt"

type Point struct{ X, Y int }

type Segment struct {
	A, B Point
	Name string
}

type withArr struct {
	Vals [3]int
	P    *Point
}

func main() {
	p1, p2 := Point{1, 2}, Point{1, 2}
	fmt.Println(p1 == p2, p1 != Point{2, 1})
	s1 := Segment{p1, Point{3, 4}, "s"}
	s2 := s1
	s2.B.X = 9
	fmt.Println(s1 == s2, s1.B, s2.B)
	visits := map[Point]int{}
	path := []Point{{0, 0}, {1, 0}, {0, 0}, {1, 1}, {0, 0}}
	for _, p := range path {
		visits[p]++
	}
	fmt.Println(visits[Point{0, 0}], visits[Point{1, 0}], len(visits))
	segs := map[Segment]bool{s1: true}
	fmt.Println(segs[Segment{Point{1, 2}, Point{3, 4}, "s"}], segs[s2])
	shared := &Point{5, 5}
	w1, w2 := withArr{[3]int{1, 2, 3}, shared}, withArr{[3]int{1, 2, 3}, shared}
	w3 := withArr{[3]int{1, 2, 3}, &Point{5, 5}}
	fmt.Println(w1 == w2, w1 == w3)
	anon := struct{ X, Y int }{1, 2}
	fmt.Println(anon == p1, Point(anon))
	var zero Point
	fmt.Println(zero == Point{}, zero)
}
