package main

import (
	"fmt"
	"maps"
	"slices"
	"strings"
)

func main() {
	base := map[string][]int{"a": {1}, "b": {2, 3}}
	cl := maps.Clone(base)
	cl["a"][0] = 100
	cl["c"] = []int{4}
	fmt.Println(base, cl)
	fmt.Println(maps.Clone(map[string]int(nil)) == nil)
	m1 := map[string]int{"x": 1, "y": 2}
	m2 := map[string]int{"y": 2, "x": 1}
	fmt.Println(maps.Equal(m1, m2))
	m2["z"] = 0
	fmt.Println(maps.Equal(m1, m2))
	up := map[string]string{"x": "1", "y": "2"}
	fmt.Println(maps.EqualFunc(m1, up, func(v int, s string) bool { return fmt.Sprint(v) == s }))
	words := map[string]int{"alpha": 3, "beta": 1, "gamma": 2, "delta": 5}
	maps.DeleteFunc(words, func(k string, v int) bool { return v < 3 || strings.HasPrefix(k, "d") })
	fmt.Println(words)
	dst := map[string]int{"keep": 1}
	maps.Copy(dst, map[string]int{"keep": 9, "new": 2})
	fmt.Println(dst)
	maps.Insert(dst, maps.All(map[string]int{"more": 3}))
	fmt.Println(slices.Sorted(maps.Keys(dst)), slices.Sorted(maps.Values(dst)))
}
