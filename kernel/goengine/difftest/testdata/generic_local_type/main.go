package main

import "fmt"

func f[T any](x T) {
	type pair struct{ a, b T }
	fmt.Println(pair{x, x})
}

func eq[T comparable](a, b T) bool { return a == b }

func main() {
	f(3)
	f("s")
	fmt.Println(eq(1, 1))
}
