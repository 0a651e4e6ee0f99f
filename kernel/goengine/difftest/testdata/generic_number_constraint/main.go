package main

import (
	"fmt"
	"strings"
)

type Number interface {
	~int | ~int64 | ~float64
}

type Meters float64

func (m Meters) String() string { return fmt.Sprintf("%.1fm", float64(m)) }

func Sum[T Number](xs ...T) T {
	var total T
	for _, x := range xs {
		total += x
	}
	return total
}

func Map[T, U any](xs []T, f func(T) U) []U {
	out := make([]U, 0, len(xs))
	for _, x := range xs {
		out = append(out, f(x))
	}
	return out
}

type Labeled interface {
	~int
	Label() string
}

type Level int

func (l Level) Label() string { return strings.Repeat("*", int(l)) }

func Labels[T Labeled](xs []T) string {
	parts := Map(xs, func(x T) string { return x.Label() })
	return strings.Join(parts, "|")
}

func main() {
	fmt.Println(Sum(1, 2, 3), Sum(1.5, 2.25), Sum[int64]())
	legs := []Meters{1.25, 2.5, 0.75}
	total := Sum(legs...)
	fmt.Println(total)
	fmt.Printf("%T\n", total)
	fmt.Println(Map([]int{1, 2, 3}, func(i int) string { return fmt.Sprint(i * i) }))
	fmt.Println(Labels([]Level{1, 3, 2}))
}
