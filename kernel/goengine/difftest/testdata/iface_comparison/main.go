package main

import "fmt"

type key struct{ a, b int }

func main() {
	var x, y any = 3, 3
	fmt.Println(x == y)
	x, y = 3, int64(3)
	fmt.Println(x == y)
	x, y = key{1, 2}, key{1, 2}
	fmt.Println(x == y)
	counts := map[any]int{}
	counts[1]++
	counts[1]++
	counts[2]++
	fmt.Println(counts)
	defer func() { fmt.Println("recovered:", recover()) }()
	x, y = []int{1}, []int{1}
	fmt.Println(x == y)
}
