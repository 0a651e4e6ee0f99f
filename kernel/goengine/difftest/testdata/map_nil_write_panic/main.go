package main

import "fmt"

type inventory struct {
	counts map[string]int
}

func main() {
	var m map[string]int
	fmt.Println(m == nil, len(m), m["x"])
	delete(m, "x")
	for range m {
		fmt.Println("never")
	}
	v, ok := m["y"]
	fmt.Println(v, ok)
	var inv inventory
	func() {
		defer func() { fmt.Println("recovered:", recover()) }()
		inv.counts["apple"]++
	}()
	func() {
		defer func() { fmt.Println("recovered:", recover()) }()
		m["a"] = 1
	}()
	inv.counts = map[string]int{}
	inv.counts["apple"]++
	fmt.Println(inv.counts)
	fmt.Printf("%v %d %#v\n", m, len(m), m)
}
