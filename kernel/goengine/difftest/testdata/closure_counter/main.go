package main

import "fmt"

func counter(start int) (next func() int, reset func()) {
	n := start
	next = func() int {
		n++
		return n
	}
	reset = func() { n = start }
	return
}

func main() {
	next, reset := counter(10)
	fmt.Println(next(), next(), next())
	reset()
	fmt.Println(next())
	other, _ := counter(0)
	fmt.Println(other(), next())
}
