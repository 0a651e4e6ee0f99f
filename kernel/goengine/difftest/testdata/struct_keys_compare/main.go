package main

import "fmt"

type Coord struct{ X, Y int }

type Edge struct {
	From, To Coord
	Weight   [2]float64
}

type Labeled struct {
	Coord
	Label string
}

func main() {
	seen := map[Edge]bool{}
	e1 := Edge{Coord{0, 0}, Coord{1, 0}, [2]float64{1, 0.5}}
	e2 := e1
	seen[e1] = true
	fmt.Println(seen[e2], e1 == e2)
	e2.Weight[1] = 0.25
	fmt.Println(seen[e2], e1 == e2, e1 != e2)
	l1 := Labeled{Coord{1, 2}, "a"}
	l2 := Labeled{Coord: Coord{1, 2}, Label: "a"}
	fmt.Println(l1 == l2, l1.Coord == Coord{1, 2}, l1.X)
	var i1, i2 any = l1, l2
	var i3 any = Coord{1, 2}
	fmt.Println(i1 == i2, i1 == i3, i3 == any(l1.Coord))
	byPos := map[Coord][]string{}
	for _, l := range []Labeled{l1, {Coord{3, 4}, "b"}, {Coord{1, 2}, "c"}} {
		byPos[l.Coord] = append(byPos[l.Coord], l.Label)
	}
	fmt.Println(byPos[Coord{1, 2}], byPos[Coord{3, 4}], len(byPos))
	pa, pb := &Coord{1, 1}, &Coord{1, 1}
	fmt.Println(pa == pb, *pa == *pb)
	type pair struct {
		a any
		b string
	}
	fmt.Println(pair{1, "x"} == pair{1, "x"}, pair{1, "x"} == pair{int64(1), "x"})
	defer func() { fmt.Println("recovered:", recover()) }()
	fmt.Println(pair{[]int{1}, "x"} == pair{[]int{1}, "x"})
}
