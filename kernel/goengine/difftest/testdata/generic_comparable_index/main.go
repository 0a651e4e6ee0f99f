package main

import "fmt"

func Index[T comparable](xs []T, want T) int {
	for i, x := range xs {
		if x == want {
			return i
		}
	}
	return -1
}

type point struct{ X, Y int }

func main() {
	fmt.Println(Index([]string{"a", "b", "c"}, "c"))
	fmt.Println(Index([]point{{1, 2}, {3, 4}}, point{3, 4}))
	fmt.Println(Index([]any{1, "two", 3.0}, any("two")))
	fmt.Println(Index([]float64{1, 2}, 5))
}
