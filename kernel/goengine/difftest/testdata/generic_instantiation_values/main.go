package main

import (
	"fmt"
	"strconv"
)

func Map[A, B any](xs []A, f func(A) B) []B {
	out := make([]B, 0, len(xs))
	for _, x := range xs {
		out = append(out, f(x))
	}
	return out
}

func Pair[A, B any](a A, b B) string { return fmt.Sprintf("%v/%v", a, b) }

type Number interface{ ~int | ~float64 }

func Sum[T Number](xs ...T) T {
	var s T
	for _, x := range xs {
		s += x
	}
	return s
}

var atoiAll = Map[string, int]

func apply(f func(int, string) string) string { return f(1, "one") }

func main() {
	fmt.Println(atoiAll([]string{"1", "22"}, func(s string) int { n, _ := strconv.Atoi(s); return n }))
	fmt.Println(apply(Pair[int, string]))
	fs := []func(int, string) string{Pair[int, string]}
	fmt.Println(fs[0](2, "two"))
	sumF := Sum[float64]
	fmt.Println(sumF(1.5, 2.5))
	fmt.Println(Pair[string, bool]("ok", true))
	fmt.Printf("%T\n", Map[int, string])
}
