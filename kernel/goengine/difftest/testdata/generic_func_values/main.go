package main

import (
	"fmt"
	"strconv"
)

func apply[T, U any](xs []T, f func(T) U) []U {
	out := make([]U, 0, len(xs))
	for _, x := range xs {
		out = append(out, f(x))
	}
	return out
}

func double[T int | float64](x T) T { return 2 * x }

func compose[A, B, C any](f func(A) B, g func(B) C) func(A) C {
	return func(a A) C { return g(f(a)) }
}

func main() {
	d := double[int]
	fmt.Println(apply([]int{1, 2, 3}, d))
	fmt.Println(apply([]float64{0.5, 1.5}, double[float64]))
	toStr := compose(double[int], strconv.Itoa)
	fmt.Println(apply([]int{4, 5}, toStr))
	fs := map[string]func(int) int{"double": double[int], "neg": func(x int) int { return -x }}
	fmt.Println(fs["double"](21), fs["neg"](21))
	var f func([]string, func(string) int) []int = apply[string, int]
	fmt.Println(f([]string{"a", "bb", "ccc"}, func(s string) int { return len(s) }))
}
