package main

import (
	"fmt"
	"slices"
)

func main() {
	var s []int
	t := append(s)
	u := append(s, []int{}...)
	v := append([]int{}, s...)
	fmt.Println(t == nil, u == nil, v == nil, len(v), cap(v))
	fmt.Println(slices.Clone(s) == nil, slices.Clone([]int{}) == nil)
	w := append(s[:0:0], 1)
	fmt.Println(w, s == nil)
	b := append([]byte("go"), "pher"...)
	fmt.Println(string(b), len(b))
	b = append(b[:2], b[4:]...)
	fmt.Println(string(b))
	x := make([]int, 0, 4)
	y := append(x, 1, 2)
	z := append(x, 9)
	fmt.Println(y, z, len(x))
	var grid [][]int
	for i := range 3 {
		grid = append(grid, nil)
		grid[i] = append(grid[i], i)
	}
	fmt.Println(grid, grid[0] == nil)
	fmt.Println(len(append([]string(nil), nil...)), copy(s, []int{1}))
	e := []struct{}{{}, {}}
	fmt.Println(len(append(e, struct{}{})))
}
