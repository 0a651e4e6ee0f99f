package main

import "fmt"

type hue int

func (c hue) String() string { return [...]string{"red", "green", "blue"}[c] }

type tag string

type pair struct {
	C hue
	T tag
}

type temp float64

func (t temp) String() string { return fmt.Sprintf("%.1f°", float64(t)) }

func main() {
	c := hue(1)
	fmt.Printf("%v %d %s %q %x %X\n", c, c, c, c, c, c)
	fmt.Printf("%x %q\n", []hue{0, 2}, []hue{0, 2})
	p := pair{2, "hot"}
	fmt.Printf("%v|%+v|%#v|%T\n", p, p, p, p)
	fmt.Printf("%x %q %s\n", p, p, p)
	fmt.Printf("%v %.2f %6.1f|\n", temp(21.25), temp(21.25), temp(3))
	fmt.Printf("%x % x %#x\n", tag("hi"), "hi", "hi")
	fmt.Printf("%q %+q %#q\n", "é\n", "é", "back`tick")
	fmt.Printf("%v %s\n", &p, []*hue{})
	m := map[hue]tag{2: "b", 0: "r"}
	fmt.Printf("%v %#v\n", m, m)
}
