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
