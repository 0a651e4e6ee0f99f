package main

import (
	"fmt"
	"runtime"
)

func try(name string, f func()) {
	defer func() {
		r := recover()
		_, isRuntime := r.(runtime.Error)
		fmt.Printf("%s: %v (runtime.Error: %v)\n", name, r, isRuntime)
	}()
	f()
}

func main() {
	s := []int{1, 2, 3}
	i := 5
	try("index", func() { _ = s[i] })
	try("slice", func() { _ = s[2:i] })
	try("slice inverted", func() { j := 1; _ = s[2:j] })
	var m map[string]int
	try("nil map", func() { m["a"] = 1 })
	zero := 0
	try("divide", func() { _ = 10 / zero })
	var p *struct{ x int }
	try("nil deref", func() { _ = p.x })
	var x any = "str"
	try("assert", func() { _ = x.(int) })
	var st fmt.Stringer
	try("nil iface", func() { _ = st.String() })
	ch := make(chan int)
	close(ch)
	try("close twice", func() { close(ch) })
	try("send closed", func() { ch <- 1 })
	try("neg make", func() { n := -1; _ = make([]int, n) })
}
