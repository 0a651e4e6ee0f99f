package main

import "fmt"

func main() {
	m := make(map[string]int)
	m["one"] = 1
	m["two"] = 2
	m["three"] = 3
	fmt.Println(len(m), m)
	v, ok := m["two"]
	fmt.Println(v, ok)
	v, ok = m["four"]
	fmt.Println(v, ok)
	delete(m, "two")
	delete(m, "absent")
	fmt.Println(len(m), m)
	lit := map[string][]int{"a": {1}, "b": nil}
	fmt.Println(lit, lit["b"] == nil, len(lit["zzz"]))
}
