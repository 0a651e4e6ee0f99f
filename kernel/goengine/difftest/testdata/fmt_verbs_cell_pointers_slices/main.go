package main

import "fmt"

type point struct {
	X, Y int
	tag  string
}

type grid [2][2]int

type set map[string]bool

func main() {
	p := &point{1, 2, "a"}
	fmt.Printf("%v|%+v|%#v\n", p, p, p)
	ps := []point{{1, 2, "a"}, {3, 4, "b"}}
	fmt.Printf("%v|%+v\n%#v\n", ps, ps, ps)
	pp := []*point{}
	fmt.Printf("%v %#v\n", pp, pp)
	g := grid{{1, 2}, {3, 4}}
	fmt.Printf("%v %#v %T\n", g, g, g)
	s := set{"z": true, "a": false, "m": true}
	fmt.Printf("%v\n%#v\n", s, s)
	fmt.Printf("%q\n", []string{"a b", "c\"d"})
	fmt.Printf("%x %X % x\n", "hi", []byte("hi"), "hi")
	fmt.Printf("%x\n", point{255, 16, "z"})
	fmt.Printf("%T %T %T\n", p, ps, map[point][]*grid{})
	fmt.Printf("%d\n", []uint8{1, 2})
	fmt.Printf("%5v|%-5v|\n", []int{1}, true)
	var np *point
	fmt.Printf("%v %+v\n", np, np)
	type local struct{ A []int }
	fmt.Printf("%#v\n", local{})
}
