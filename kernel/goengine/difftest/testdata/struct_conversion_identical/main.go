package main

import "fmt"

type point struct {
	X, Y int
}

type tagged struct {
	X int `json:"x"`
	Y int `json:"y"`
}

type vec point

func (v vec) len2() int { return v.X*v.X + v.Y*v.Y }

func main() {
	p := point{3, 4}
	t := tagged(p)
	v := vec(p)
	fmt.Println(t, v.len2(), point(t) == p)

	anon := struct{ X, Y int }{5, 6}
	p = anon
	var q struct{ X, Y int } = p
	fmt.Println(p, q, q == anon)

	ps := []point{{1, 2}, {3, 4}}
	for i := range ps {
		w := vec(ps[i])
		fmt.Println(w.len2())
	}
	fmt.Printf("%T %T %T\n", t, v, anon)
}
