package main

import (
	"fmt"
	"strings"
)

func try(name string, f func()) {
	defer func() {
		r := recover()
		if err, ok := r.(error); ok {
			fmt.Printf("%s: error: %v\n", name, err)
			return
		}
		fmt.Printf("%s: %v\n", name, r)
	}()
	f()
}

type shape interface{ area() float64 }

func main() {
	var x any = "text"
	try("assert", func() { _ = x.(int) })
	try("assert iface", func() { _ = x.(shape) })
	try("assert nil", func() { var y any; _ = y.(string) })
	var m map[string]int
	try("nil map", func() { m["a"] = 1 })
	ch := make(chan int)
	close(ch)
	try("close twice", func() { close(ch) })
	try("send closed", func() { ch <- 1 })
	n := -1
	try("makeslice", func() { _ = make([]int, n) })
	try("custom", func() { panic(fmt.Sprintf("bad %d", 3)) })
	try("repeat", func() { _ = strings.Repeat("x", n) })
	var arr [4]int
	i := 5
	try("array index", func() { arr[i%8] = 1 })
	s := []int{1, 2, 3}
	try("slice bounds", func() { _ = s[2:i] })
}
