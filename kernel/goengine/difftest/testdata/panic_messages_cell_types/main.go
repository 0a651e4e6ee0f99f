package main

import (
	"fmt"
)

type shape interface{ Area() float64 }
type sq struct{ s float64 }

func (q sq) Area() float64 { return q.s * q.s }

type circle struct{ r float64 }

func try(name string, f func()) {
	defer func() {
		r := recover()
		if e, ok := r.(error); ok {
			fmt.Printf("%s: %v\n", name, e)
		} else {
			fmt.Printf("%s: %v\n", name, r)
		}
	}()
	f()
}

func main() {
	var x any = sq{2}
	try("assert", func() { _ = x.(circle) })
	try("assert iface", func() { _ = x.(fmt.Stringer) })
	try("assert to shape", func() { var y any = circle{1}; _ = y.(shape) })
	try("nil iface", func() { var s shape; _ = s.(sq) })
	try("index", func() { a := []int{1, 2, 3}; i := 5; _ = a[i] })
	try("slice", func() { a := []int{1, 2, 3}; i, j := 2, 1; _ = a[i:j] })
	try("nil map", func() { var m map[string]int; m["a"] = 1 })
	try("custom", func() { panic(fmt.Sprintf("bad %d", 7)) })
	try("error value", func() { panic(fmt.Errorf("wrapped: %w", fmt.Errorf("inner"))) })
	try("nil ptr", func() { var p *sq; _ = p.s })
}
