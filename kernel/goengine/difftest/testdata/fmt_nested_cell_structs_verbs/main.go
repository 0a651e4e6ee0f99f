package main

import "fmt"

type Inner struct {
	A int
	b string
}
type Color int

const (
	Red Color = iota
	Green
)

func (c Color) String() string { return [...]string{"Red", "Green"}[c] }

type Outer struct {
	Name   string
	In     Inner
	P      *Inner
	C      Color
	Tags   []string
	M      map[string]int
	Any    any
	Inner2 []Inner
}

func main() {
	o := Outer{Name: "o", In: Inner{1, "x"}, C: Green, Tags: []string{"t"}, M: map[string]int{"k": 1}, Any: Inner{2, "y"}, Inner2: []Inner{{3, "z"}}}
	fmt.Printf("%v\n", o)
	fmt.Printf("%+v\n", o)
	fmt.Printf("%#v\n", o)
	fmt.Printf("%v %+v %#v\n", o.In, o.In, o.In)
	fmt.Printf("%v %d %x %#v\n", o.C, o.C, o.C, o.C)
	var z Outer
	fmt.Printf("%v\n%+v\n", z, z)
	fmt.Printf("%#v\n", []Color{Red, Green})
	fmt.Printf("%v\n", map[Color]Inner{Green: {5, "g"}})
	fmt.Printf("%#v\n", map[string]Color{"a": Red})
	type anon = struct{ X, Y int }
	fmt.Printf("%#v %v\n", anon{1, 2}, []anon{{3, 4}})
	fmt.Printf("%T %T %T\n", o, &o.In, o.Inner2)
	fmt.Printf("%s\n", o.In)
	fmt.Printf("%q\n", Inner{7, "q"})
	fmt.Printf("%08.3f|%-6d|%6s|%x\n", 3.14159, 42, "hi", "hi")
}
