package main

import "fmt"

type id int

func (i id) String() string { return fmt.Sprintf("#%d", int(i)) }

type tag string

func (t tag) String() string { return "tag:" + string(t) }

func main() {
	var s fmt.Stringer = id(7)
	fmt.Printf("%v %#v\n", s, s)
	var t fmt.Stringer = tag("x")
	fmt.Printf("%#v %T\n", t, t)
	fmt.Printf("%#v\n", []fmt.Stringer{id(1), tag("y")})
}
