// culab patch 86: case nil in a switch on a func, map, pointer, slice or
// channel value.
package main

import "fmt"

func state(name string, isNil bool) {
	fmt.Println(name, isNil)
}

func main() {
	var f func() int
	switch f {
	case nil:
		state("func", true)
	}
	var m map[string]int
	switch m {
	case nil:
		state("map", true)
	}
	var p *int
	switch p {
	case nil:
		state("ptr", true)
	}
	var s []int
	switch s {
	case nil:
		state("slice", true)
	}
	var c chan int
	switch c {
	case nil:
		state("chan", true)
	}
	x := 1
	p = &x
	switch p {
	case nil:
		state("ptr", true)
	default:
		state("ptr", false)
	}
	s = []int{}
	switch s {
	case nil:
		state("slice", true)
	default:
		state("slice", false)
	}
}

// Output:
// func true
// map true
// ptr true
// slice true
// chan true
// ptr false
// slice false
