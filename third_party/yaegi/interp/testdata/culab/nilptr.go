// culab patch 21: a nil pointer (map, slice...) of a type with methods made
// an interface value is not a nil interface.
package main

import (
	"fmt"
)

type myErr struct{ msg string }

func (e *myErr) Error() string {
	if e == nil {
		return "nil myErr"
	}
	return e.msg
}

type Shower interface{ Show() string }

func (e *myErr) Show() string { return "show" }

type fl []int

func (f fl) Error() string { return fmt.Sprint("fl", len(f)) }

func get() error {
	var p *myErr
	return p
}

func main() {
	err := get()
	fmt.Println(err == nil, err)
	p, ok := err.(*myErr)
	fmt.Println(p == nil, ok)
	var s Shower = (*myErr)(nil)
	fmt.Println(s == nil, s.Show())
	var f fl
	var e2 error = f
	fmt.Println(e2 == nil, e2)
	var e3 error = nil
	fmt.Println(e3 == nil)
	var e4 error = e3
	fmt.Println(e4 == nil)
	var ifc Shower
	var e5 any = ifc
	fmt.Println(e5 == nil)
	errs := []error{nil, (*myErr)(nil), &myErr{"x"}}
	for _, e := range errs {
		fmt.Println(e == nil)
	}
}

// Output:
// false nil myErr
// true true
// false show
// false fl0
// true
// true
// true
// true
// false
// false
