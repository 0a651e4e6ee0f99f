package main

import "fmt"

func fib() func() int {
	a, b := 0, 1
	return func() int {
		r := a
		a, b = b, a+b
		return r
	}
}

func main() {
	f := fib()
	for i := 0; i < 15; i++ {
		fmt.Print(f(), " ")
	}
	fmt.Println()
}
