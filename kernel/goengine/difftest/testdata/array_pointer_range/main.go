package main

import "fmt"

func main() {
	arr := [4]int{1, 2, 3, 4}
	for i, v := range &arr {
		if i == 0 {
			arr[3] = 40
		}
		fmt.Print(v, " ")
	}
	fmt.Println()
	arr2 := [4]int{1, 2, 3, 4}
	for i, v := range arr2 {
		if i == 0 {
			arr2[3] = 40
		}
		fmt.Print(v, " ")
	}
	fmt.Println(arr2)
	p := &arr
	p[1] = 20
	fmt.Println(len(p), cap(p[:2]), arr, p[1:3])
	var np *[3]int
	fmt.Println(len(np))
	for i := range np {
		fmt.Print(i)
	}
	fmt.Println()
	grid := [2][2]int{}
	for i := range grid {
		for j := range grid[i] {
			grid[i][j] = i*2 + j
		}
	}
	for _, row := range grid {
		row[0] = -1
	}
	fmt.Println(grid)
}
