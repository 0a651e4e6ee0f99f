// What a notebook shows for a cell's value is what fmt.Println prints:
// String and Error methods of cell types inside slices, maps, structs,
// pointers and interfaces, nil pointers whose String handles nil.
package main

import (
	"errors"
	"fmt"
)

type Celsius float64

func (c Celsius) String() string { return fmt.Sprintf("%.1f°C", float64(c)) }

type reading struct {
	Where string
	T     Celsius
}

type node struct {
	v    int
	next *node
}

func (n *node) String() string {
	if n == nil {
		return "end"
	}
	return fmt.Sprintf("%d→%v", n.v, n.next)
}

type codeErr struct{ code int }

func (e codeErr) Error() string { return fmt.Sprintf("code %d", e.code) }

func main() {
	fmt.Println([]Celsius{1, 2.5})
	fmt.Println(map[string]Celsius{"in": 21, "out": -3})
	fmt.Println(reading{"lab", 22}, &reading{"hall", 19})
	fmt.Println([]reading{{"a", 1}, {"b", 2}})
	fmt.Println([]any{Celsius(7), 8, "s", nil, codeErr{4}})
	var none *node
	fmt.Println(none, &node{1, &node{2, nil}})
	fmt.Println([]*node{nil, {3, nil}})
	errs := []error{codeErr{1}, nil, errors.New("plain")}
	fmt.Println(errs, struct{ Err error }{codeErr{2}})
	fmt.Printf("%v|%s|%q\n", []Celsius{3}, []codeErr{{5}}, []Celsius{4})
	fmt.Println([2]Celsius{8, 9}, map[Celsius]int{10: 1})
}
