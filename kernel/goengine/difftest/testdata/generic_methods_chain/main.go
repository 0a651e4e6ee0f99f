package main

import (
	"fmt"
	"strings"
)

type Seq[T any] struct{ items []T }

func Of[T any](xs ...T) Seq[T] { return Seq[T]{xs} }

func (s Seq[T]) Filter(keep func(T) bool) Seq[T] {
	var out []T
	for _, x := range s.items {
		if keep(x) {
			out = append(out, x)
		}
	}
	return Seq[T]{out}
}

func (s Seq[T]) Each(f func(int, T)) {
	for i, x := range s.items {
		f(i, x)
	}
}

func Map[T, U any](s Seq[T], f func(T) U) Seq[U] {
	out := make([]U, 0, len(s.items))
	for _, x := range s.items {
		out = append(out, f(x))
	}
	return Seq[U]{out}
}

type Number interface{ ~int | ~float64 }

func Sum[T Number](s Seq[T]) T {
	var t T
	for _, x := range s.items {
		t += x
	}
	return t
}

type score int

func main() {
	words := Of("gpu", "cuda", "go", "warp", "lane")
	short := words.Filter(func(w string) bool { return len(w) <= 4 })
	lens := Map(short, func(w string) int { return len(w) })
	fmt.Println(short.items, lens.items, Sum(lens))
	up := Map(words, strings.ToUpper)
	up.Each(func(i int, s string) { fmt.Print(i, s, " ") })
	fmt.Println()
	scores := Of[score](3, 4, 5)
	fmt.Printf("%v %T\n", Sum(scores), Sum(scores))
	fl := Map(scores, func(s score) float64 { return float64(s) / 2 })
	fmt.Println(Sum(fl))
}
