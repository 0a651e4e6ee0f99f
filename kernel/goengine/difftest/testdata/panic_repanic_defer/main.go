package main

import "fmt"

func inner() {
	defer func() {
		panic("second")
	}()
	panic("first")
}

func middle() (out string) {
	defer func() {
		out = fmt.Sprint("middle recovered: ", recover())
	}()
	inner()
	return "unreached"
}

func cleanupOrder() {
	defer fmt.Println("cleanup 1")
	defer func() {
		if r := recover(); r != nil {
			fmt.Println("caught", r)
		}
	}()
	defer fmt.Println("cleanup 2")
	panic("boom")
}

func main() {
	fmt.Println(middle())
	cleanupOrder()
	fmt.Println("main continues")
}
