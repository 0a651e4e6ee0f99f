package main

import "fmt"

var (
	a = c + b
	b = f("b")
	c = f("c")
	d = 3
)

func f(name string) int {
	fmt.Println("init var", name, "d =", d)
	d++
	return d
}

func init() {
	fmt.Println("first init, a =", a)
}

func init() {
	fmt.Println("second init")
	a *= 10
}

func main() {
	fmt.Println("main", a, b, c, d)
}
