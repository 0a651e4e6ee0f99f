package main

import "fmt"

func main() {
	var m map[string]int
	fmt.Println(m["x"], len(m), m == nil)
	for k, v := range m {
		fmt.Println(k, v)
	}
	delete(m, "x")
	defer func() { fmt.Println("recovered:", recover()) }()
	full := map[int]int{1: 1, 2: 4}
	clear(full)
	fmt.Println(full, len(full), full == nil)
	m["boom"] = 1
}
