// Instances of a generic slice alias as parameters and results, nested
// (Vec[Vec[int]]), and inside generic functions with their own type
// parameters: Vec[T] is []T, so T is inferred from a []int argument.
package main

import "fmt"

type Vec[T any] = []T

type Grid = Vec[Vec[int]]

func rowSums(g Grid) Vec[int] {
	sums := make(Vec[int], len(g))
	for i, row := range g {
		for _, x := range row {
			sums[i] += x
		}
	}
	return sums
}

func Len[T any](v Vec[T]) int { return len(v) }

func Map[T, U any](v Vec[T], f func(T) U) Vec[U] {
	out := make(Vec[U], 0, len(v))
	for _, x := range v {
		out = append(out, f(x))
	}
	return out
}

func Transpose[T any](g Vec[Vec[T]]) Vec[Vec[T]] {
	if len(g) == 0 {
		return nil
	}
	out := make(Vec[Vec[T]], len(g[0]))
	for _, row := range g {
		for j, x := range row {
			out[j] = append(out[j], x)
		}
	}
	return out
}

func main() {
	g := Grid{{1, 2, 3}, {4, 5, 6}}
	var plain [][]int = g
	fmt.Println(rowSums(plain), rowSums(g))
	fmt.Printf("%T %T\n", g, rowSums(g))

	fmt.Println(Len([]string{"a", "b"}), Len[float64](nil), Len(g))
	strs := Map([]int{1, 2, 3}, func(i int) string { return fmt.Sprint(i * i) })
	fmt.Printf("%q %T\n", strs, strs)
	t := Transpose(g)
	fmt.Println(t, len(t))
	fmt.Println(Transpose[string](Vec[Vec[string]]{{"a", "b"}}))
}
