package main

import "fmt"

type Number interface {
	~int | ~int64 | ~float64
}

func Adder[T Number](base T) func(T) T {
	return func(x T) T { base += x; return base }
}

func Map[T, U any](xs []T, f func(T) U) []U {
	out := make([]U, 0, len(xs))
	for _, x := range xs {
		out = append(out, f(x))
	}
	return out
}

func Zero[T any]() T {
	var z T
	return z
}

type Meters float64

func Compose[A, B, C any](f func(A) B, g func(B) C) func(A) C {
	return func(a A) C { return g(f(a)) }
}

func main() {
	a := Adder(3)
	fmt.Println(a(1), a(2), a(10))
	m := Adder(Meters(1.5))
	fmt.Println(m(2), m(0.25))
	fmt.Printf("%T %v\n", m(0), m(0))
	s := Map([]int{1, 2, 3}, func(i int) string { return fmt.Sprint(i * i) })
	fmt.Printf("%q\n", s)
	var z int = Zero[int]()
	fmt.Println(z, Zero[string]() == "", Zero[*int]() == nil)
	h := Compose(func(i int) float64 { return float64(i) / 2 }, func(f float64) string { return fmt.Sprintf("%.2f", f) })
	fmt.Println(h(5), h(7))
}
