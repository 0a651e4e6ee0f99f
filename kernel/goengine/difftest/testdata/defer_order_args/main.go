package main

import "fmt"

func trace(name string) func() {
	fmt.Println("enter", name)
	return func() { fmt.Println("leave", name) }
}

func main() {
	defer trace("main")()
	for i := 0; i < 3; i++ {
		defer fmt.Println("deferred with arg", i)
	}
	x := 10
	defer fmt.Println("x at defer time:", x)
	defer func() { fmt.Println("x at exit:", x) }()
	x = 20
	fmt.Println("body ends")
}
