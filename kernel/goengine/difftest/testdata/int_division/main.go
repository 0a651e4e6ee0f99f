package main

import "fmt"

func main() {
	for _, p := range [][2]int{{7, 2}, {-7, 2}, {7, -2}, {-7, -2}, {0, 3}} {
		fmt.Printf("%d/%d=%d %d%%%d=%d\n", p[0], p[1], p[0]/p[1], p[0], p[1], p[0]%p[1])
	}
	var u uint = 7
	fmt.Println(u/2, u%2)
	fmt.Println(-7>>1, -7/2, 7>>1)
	fmt.Println(1e3/7, 10/4, 10/4.0, 10.0/4)
}
