package main

import "fmt"

func main() {
	rows, cols := 3, 4
	grid := make([][]int, rows)
	for r := range grid {
		grid[r] = make([]int, cols)
		for c := range grid[r] {
			grid[r][c] = r * c
		}
	}
	for _, row := range grid {
		fmt.Println(row)
	}
	tri := [][]int{}
	for i := 0; i < 4; i++ {
		row := make([]int, i+1)
		row[0], row[i] = 1, 1
		for j := 1; j < i; j++ {
			row[j] = tri[i-1][j-1] + tri[i-1][j]
		}
		tri = append(tri, row)
	}
	fmt.Println(tri)
}
