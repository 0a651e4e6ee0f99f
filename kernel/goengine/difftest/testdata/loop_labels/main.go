package main

import "fmt"

func main() {
	grid := [][]int{{1, 2, 3}, {4, -5, 6}, {7, 8, 9}}
outer:
	for r, row := range grid {
		for c, v := range row {
			if v < 0 {
				fmt.Println("negative at", r, c)
				break outer
			}
			if v%2 == 0 {
				continue outer
			}
			fmt.Println("odd", v)
		}
	}
	fmt.Println("done")
}
