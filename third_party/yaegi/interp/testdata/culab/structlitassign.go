package main

import "fmt"

// culab patch 61: a struct literal assigned (=) to a variable changes that
// variable, which a pointer or the caller (a named result) shares; := makes
// a new one.

type point struct{ x, y int }

func named() (p point) {
	p = point{1, 2}
	return
}

func namedReturn() (p point, n int) {
	p = point{3, 4}
	return p, 5
}

func main() {
	p := point{1, 1}
	q := &p
	p = point{2, 2}
	fmt.Println(*q, p)
	fmt.Println(named())
	fmt.Println(namedReturn())
	var ps []*point
	for i := 0; i < 3; i++ {
		v := point{i, i}
		ps = append(ps, &v)
	}
	fmt.Println(*ps[0], *ps[1], *ps[2])
	cell := point{}
	keep := &cell
	for i := 0; i < 2; i++ {
		cell = point{i, -i}
	}
	fmt.Println(*keep)
}

// Output:
// {2 2} {2 2}
// {1 2}
// {3 4} 5
// {0 0} {1 1} {2 2}
// {1 -1}
