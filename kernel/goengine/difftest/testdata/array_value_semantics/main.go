package main

import "fmt"

type grid [2][3]int

func fill(g grid, v int) grid {
	for i := range g {
		for j := range g[i] {
			g[i][j] = v
		}
	}
	return g
}

func fillPtr(g *grid, v int) {
	for i := range g {
		g[i][0] = v
	}
}

func main() {
	var a grid
	b := fill(a, 7)
	fmt.Println(a, b)
	fillPtr(&a, 1)
	fmt.Println(a)
	c := a
	c[1][2] = 9
	fmt.Println(a == c, a[1], c[1])
	arr := [...]string{2: "c", 0: "a"}
	fmt.Println(len(arr), arr, fmt.Sprintf("%q", arr))
	type key [2]int
	seen := map[key]bool{{1, 2}: true}
	fmt.Println(seen[key{1, 2}], seen[key{2, 1}])
	s := arr[:]
	s[1] = "b"
	fmt.Println(arr)
	for i, v := range arr {
		arr[2] = "changed"
		fmt.Print(i, v, " ")
	}
	fmt.Println(arr[2])
	ptr := &arr
	for i := range ptr {
		ptr[i] += "!"
	}
	fmt.Println(arr, len(ptr))
}
