package main

import "fmt"

func main() {
	fmt.Println(min(3, 1, 2), max(3, 1, 2))
	fmt.Println(min("b", "a", "c"), max("b", "a", "c"))
	fmt.Println(min(2.5, 1), max(-0.5, -1.5))
	x, y := 7, 9
	fmt.Println(min(x, y, 8))
	s := []int{1, 2, 3}
	clear(s)
	fmt.Println(s, len(s))
	m := map[string]int{"a": 1, "b": 2}
	clear(m)
	fmt.Println(m, len(m))
}
