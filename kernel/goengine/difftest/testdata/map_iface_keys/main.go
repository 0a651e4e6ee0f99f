package main

import (
	"fmt"
	"sort"
)

type key struct {
	a string
	b int
}

func main() {
	m := map[any]string{}
	m[1] = "int"
	m[int64(1)] = "int64"
	m[1.0] = "float"
	m["1"] = "string"
	m[key{"x", 1}] = "struct"
	m[[2]int{1, 1}] = "array"
	m[true] = "bool"
	fmt.Println(len(m), m[1], m[int64(1)], m[float64(1)], m[key{"x", 1}], m[[2]int{1, 1}])
	var out []string
	for k, v := range m {
		out = append(out, fmt.Sprintf("%T=%s", k, v))
	}
	sort.Strings(out)
	fmt.Println(out)
	delete(m, 1)
	_, ok := m[1]
	fmt.Println(ok, len(m))
	counts := map[key]int{}
	for _, k := range []key{{"a", 1}, {"b", 2}, {"a", 1}} {
		counts[k]++
	}
	fmt.Println(counts[key{"a", 1}], counts[key{"b", 2}], counts[key{"c", 3}])
}
