package main

import "fmt"

func try(name string, f func()) {
	defer func() {
		if r := recover(); r != nil {
			fmt.Printf("%s: %v\n", name, r)
		}
	}()
	f()
	fmt.Println(name, "ok")
}

func main() {
	var a, b any = []int{1}, []int{1}
	try("slices in any", func() { fmt.Println(a == b) })
	var m, n any = map[string]int{}, map[string]int{}
	try("maps in any", func() { fmt.Println(m == n) })
	type s struct{ f []int }
	var x, y any = s{}, s{}
	try("struct with slice", func() { fmt.Println(x == y) })
	keys := map[any]int{}
	try("slice as key", func() { keys[[]int{1}] = 1 })
	var fa, fb any = 1, "1"
	try("different types", func() { fmt.Println(fa == fb) })
}
