// culab patch 34: index, slice-bounds, makeslice and nil-dereference panics
// are runtime.Error values with Go's messages.
package main

import (
	"fmt"
	"runtime"
)

// try runs f and prints the run-time error it panics with.
func try(name string, f func()) {
	defer func() {
		r := recover()
		_, isRuntime := r.(runtime.Error)
		fmt.Printf("%-14s %v (runtime.Error: %v)\n", name+":", r, isRuntime)
	}()
	f()
}

func main() {
	arr := [4]int{1, 2, 3, 4}
	s := arr[:2]
	str := "héllo"
	neg, big, one := -1, 9, 1
	try("array index", func() { _ = arr[big%5] })
	try("neg index", func() { _ = s[neg] })
	try("string index", func() { _ = str[big] })
	try("assign index", func() { s[big] = 1 })
	try("array slice", func() { _ = arr[:big] })
	try("string slice", func() { _ = str[big:] })
	try("string hi", func() { _ = str[:big] })
	try("slice low", func() { _ = s[3:] })
	try("slice cap ok", func() { fmt.Print(len(s[:4]), " ") })
	try("slice3 max", func() { _ = s[0:1:big] })
	try("slice3 hi", func() { _ = s[0:big:2] })
	try("slice3 lo", func() { _ = s[2:one:3] })
	try("neg low", func() { _ = s[neg:] })
	try("make cap", func() { _ = make([]int, 3, one) })
	try("make neg cap", func() { _ = make([]int, 0, neg) })
	var pa *[4]int
	try("nil array ptr", func() { _ = pa[1] })
	type node struct{ next *node }
	var n *node
	try("nil chain", func() { _ = n.next.next })
	var fn func()
	try("nil func", func() { fn() })
	fmt.Println("done")
}

// Output:
// array index:   runtime error: index out of range [4] with length 4 (runtime.Error: true)
// neg index:     runtime error: index out of range [-1] (runtime.Error: true)
// string index:  runtime error: index out of range [9] with length 6 (runtime.Error: true)
// assign index:  runtime error: index out of range [9] with length 2 (runtime.Error: true)
// array slice:   runtime error: slice bounds out of range [:9] with length 4 (runtime.Error: true)
// string slice:  runtime error: slice bounds out of range [9:6] (runtime.Error: true)
// string hi:     runtime error: slice bounds out of range [:9] with length 6 (runtime.Error: true)
// slice low:     runtime error: slice bounds out of range [3:2] (runtime.Error: true)
// 4 slice cap ok:  <nil> (runtime.Error: false)
// slice3 max:    runtime error: slice bounds out of range [::9] with capacity 4 (runtime.Error: true)
// slice3 hi:     runtime error: slice bounds out of range [:9:2] (runtime.Error: true)
// slice3 lo:     runtime error: slice bounds out of range [2:1:] (runtime.Error: true)
// neg low:       runtime error: slice bounds out of range [-1:] (runtime.Error: true)
// make cap:      runtime error: makeslice: cap out of range (runtime.Error: true)
// make neg cap:  runtime error: makeslice: cap out of range (runtime.Error: true)
// nil array ptr: runtime error: invalid memory address or nil pointer dereference (runtime.Error: true)
// nil chain:     runtime error: invalid memory address or nil pointer dereference (runtime.Error: true)
// nil func:      runtime error: invalid memory address or nil pointer dereference (runtime.Error: true)
// done
