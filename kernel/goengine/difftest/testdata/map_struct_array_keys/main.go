package main

import "fmt"

type coord struct{ r, c int }

func main() {
	visited := map[coord]bool{}
	visited[coord{0, 0}] = true
	visited[coord{1, 2}] = true
	fmt.Println(visited[coord{1, 2}], visited[coord{2, 1}], len(visited))
	fmt.Println(visited)
	grid := map[[2]int]string{{0, 1}: "a"}
	grid[[2]int{0, 1}] += "b"
	fmt.Println(grid)
	type pair struct {
		name string
		n    int
	}
	m := map[pair][]int{}
	m[pair{"x", 1}] = append(m[pair{"x", 1}], 5)
	fmt.Println(m)
}
