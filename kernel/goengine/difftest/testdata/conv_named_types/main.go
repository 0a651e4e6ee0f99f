package main

import "fmt"

type Miles float64
type Kilometers float64

func (m Miles) ToKm() Kilometers { return Kilometers(m * 1.609344) }

type Names []string
type Lookup map[string]int

func main() {
	m := Miles(26.2)
	fmt.Printf("%.3f %T\n", m.ToKm(), m.ToKm())
	raw := []string{"b", "a"}
	ns := Names(raw)
	ns[0] = "changed"
	fmt.Println(raw, ns)
	l := Lookup(map[string]int{"a": 1})
	fmt.Printf("%v %T\n", l, l)
	type point struct{ X, Y int }
	type vec struct{ X, Y int }
	p := point{1, 2}
	v := vec(p)
	fmt.Printf("%v %T\n", v, v)
	fn := func(x int) int { return x + 1 }
	type intOp func(int) int
	op := intOp(fn)
	fmt.Println(op(4))
}
