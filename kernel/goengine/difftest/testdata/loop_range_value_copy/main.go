package main

import "fmt"

type point struct{ x, y int }

func main() {
	pts := []point{{1, 2}, {3, 4}}
	for _, p := range pts {
		p.x = 99
	}
	fmt.Println(pts)
	for i := range pts {
		pts[i].x *= 10
	}
	fmt.Println(pts)
	nums := []int{1, 2, 3}
	for _, n := range nums {
		n *= 2
		_ = n
	}
	fmt.Println(nums)
}
