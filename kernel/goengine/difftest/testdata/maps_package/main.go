package main

import (
	"fmt"
	"maps"
)

func main() {
	a := map[string]int{"x": 1, "y": 2, "z": 3}
	b := maps.Clone(a)
	b["w"] = 0
	fmt.Println(a, b)
	fmt.Println(maps.Equal(a, b))
	maps.DeleteFunc(b, func(k string, v int) bool { return v%2 == 1 })
	fmt.Println(b)
	maps.Copy(b, map[string]int{"q": 9, "y": 20})
	fmt.Println(b)
	fmt.Println(maps.EqualFunc(a, map[string]float64{"x": 1, "y": 2, "z": 3}, func(i int, f float64) bool { return float64(i) == f }))
}
