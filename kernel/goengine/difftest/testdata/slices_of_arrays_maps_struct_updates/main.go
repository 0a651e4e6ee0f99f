package main

import (
	"fmt"
	"sort"
)

type point struct{ X, Y int }

func main() {
	pairs := [][2]int{{1, 2}, {3, 4}}
	for _, p := range pairs {
		p[0] = 0
	}
	for i := range pairs {
		pairs[i][1] *= 10
	}
	fmt.Println(pairs)

	m := map[string]point{"a": {1, 1}}
	p := m["a"]
	p.X = 7
	fmt.Println(m["a"], p)
	m["a"] = p
	fmt.Println(m["a"])

	mp := map[string]*point{"b": {2, 2}}
	mp["b"].Y = 9
	fmt.Println(*mp["b"])

	grid := map[[2]int]string{{0, 0}: "origin", {1, 0}: "east"}
	keys := make([][2]int, 0, len(grid))
	for k := range grid {
		keys = append(keys, k)
	}
	sort.Slice(keys, func(i, j int) bool { return keys[i][0] < keys[j][0] })
	for _, k := range keys {
		fmt.Println(k, grid[k])
	}
	counts := map[point]int{}
	for _, q := range []point{{1, 1}, {2, 2}, {1, 1}} {
		counts[q]++
	}
	fmt.Println(counts[point{1, 1}], len(counts))
	nested := map[string][]point{}
	nested["a"] = append(nested["a"], point{1, 2})
	nested["a"][0].X = 100
	fmt.Println(nested)
}
