package main

import "fmt"

func Double[T ~int | ~float64](x T) T { return x * 2 }

func apply(xs []int, f func(int) int) []int {
	out := make([]int, 0, len(xs))
	for _, x := range xs {
		out = append(out, f(x))
	}
	return out
}

func main() {
	// Go 1.21: a generic function used without instantiation takes its
	// type arguments from the function type it is assigned to.
	fmt.Println(apply([]int{1, 2, 3}, Double))
	var f func(float64) float64 = Double
	fmt.Println(f(1.25))
}
