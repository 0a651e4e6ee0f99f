// culab patch 25: an arithmetic result assigned to a destination of an
// interface type (a compiled struct's any field, an any variable) is
// assigned, and the code after it runs.
package main

import (
	"container/list"
	"fmt"
)

type S struct{ V any }

func main() {
	x := 4
	_ = -x
	_ = x * 2
	var a any
	a = -x
	fmt.Println(a)
	a = x * x
	fmt.Println(a)
	var e error
	_ = e
	var s S
	s.V = x + 1
	fmt.Println(s.V)
	var y int
	y = -x
	y = y * 3
	fmt.Println(y)
	el := list.New().PushBack(0)
	el.Value = x * x
	fmt.Println(el.Value)
	el.Value = -x
	fmt.Println(el.Value)
	fmt.Println("end")
}

// Output:
// -4
// 16
// 5
// -12
// 16
// -4
// end
