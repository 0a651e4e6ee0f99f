package main

import (
	"fmt"
	"strings"
)

type shape interface{ area() float64 }

type sq struct{ s float64 }

func (q *sq) area() float64 { return q.s * q.s }

func try(name string, f func()) {
	defer func() { fmt.Printf("%s: %v\n", name, recover()) }()
	f()
}

func main() {
	var fn func(int) int
	try("nil func", func() { fn(1) })
	var s shape
	try("nil iface", func() { s.area() })
	var q *sq
	s = q
	try("nil ptr in iface", func() { s.area() })
	str := "abc"
	i := 5
	try("string index", func() { _ = str[i] })
	try("string slice", func() { _ = str[1:i] })
	try("string slice inverted", func() { j := 2; _ = str[j:1] })
	xs := []int{1, 2, 3}
	try("3-index", func() { _ = xs[0:2:i] })
	try("neg index", func() { k := -1; _ = xs[k] })
	var m map[string][]int
	try("nil map append", func() { m["a"] = append(m["a"], 1) })
	var arr *[3]int
	try("nil array ptr index", func() { arr[1] = 2 })
	try("repeat negative", func() { _ = strings.Repeat("x", -1) })
	var p *struct{ x int }
	try("nil struct field", func() { p.x = 1 })
	ch := make(chan int)
	close(ch)
	try("double close", func() { close(ch) })
	try("custom error", func() { panic(fmt.Errorf("wrapped %w", fmt.Errorf("inner"))) })
}
