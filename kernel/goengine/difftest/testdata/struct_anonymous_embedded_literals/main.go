package main

import "fmt"

type Vertex struct {
	X, Y int
}

func main() {
	v1 := Vertex{1, 2}
	v2 := Vertex{X: 1}
	v3 := Vertex{}
	p := &Vertex{1, 2}
	fmt.Println(v1, v2, v3, p)
	p.X = 1e3
	fmt.Println(*p, v1)
	points := []struct {
		name string
		v    Vertex
	}{{"origin", Vertex{}}, {"unit", Vertex{1, 1}}}
	fmt.Println(points)
	fmt.Printf("%+v\n", points[1])
	m := map[string]Vertex{"a": {3, 4}}
	fmt.Println(m)
	pp := []*Vertex{{5, 6}}
	fmt.Println(*pp[0])
}
