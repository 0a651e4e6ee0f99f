package main

import "fmt"

var level = "package"

func show(level string) func() string {
	return func() string {
		level := level + "+closure"
		return level
	}
}

func counter(start int) (func() int, func()) {
	n := start
	inc := func() int {
		n++
		return n
	}
	reset := func() {
		n := 0 // a new n: the shared one is untouched
		_ = n
	}
	return inc, reset
}

func main() {
	fmt.Println(level, show("param")())
	inc, reset := counter(10)
	inc()
	reset()
	fmt.Println(inc())
	for i := 0; i < 2; i++ {
		i := i * 10
		fmt.Print(i, " ")
	}
	fmt.Println()
	if level := len(level); level > 3 {
		fmt.Println("shadowed level is an int:", level)
	}
	fmt.Println(level)
	x, y := 1, 2
	{
		x, z := 10, 20
		y = x + z
	}
	fmt.Println(x, y)
	fmt := "fmt is now a string"
	_ = fmt
}
