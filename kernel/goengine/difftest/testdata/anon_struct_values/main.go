package main

import (
	"fmt"
	"sort"
)

func main() {
	cfg := struct {
		Host string
		Port int
		Tags []string
	}{"localhost", 8080, []string{"a"}}
	fmt.Printf("%v %+v\n", cfg, cfg)
	tests := []struct {
		in   string
		want int
	}{
		{"a", 1},
		{"abc", 3},
		{"", 0},
	}
	for _, tt := range tests {
		fmt.Println(tt.in, len(tt.in) == tt.want)
	}
	pairs := map[string]struct{ x, y int }{"p": {1, 2}, "q": {3, 4}}
	keys := make([]string, 0)
	for k := range pairs {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	for _, k := range keys {
		fmt.Print(k, pairs[k], " ")
	}
	fmt.Println()
	set := map[string]struct{}{}
	set["x"] = struct{}{}
	_, has := set["x"]
	fmt.Println(has, len(set), struct{}{} == struct{}{})
	var point struct{ X, Y int }
	point.X = 5
	p2 := point
	p2.Y = 7
	fmt.Println(point, p2, point == struct{ X, Y int }{5, 0})
}
