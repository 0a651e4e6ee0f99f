package main

import (
	"errors"
	"fmt"
)

var x = "package"

func get() (int, error) { return 1, errors.New("failed") }

func main() {
	fmt.Println(x)
	x := "function"
	fmt.Println(x)
	{
		x := "block"
		fmt.Println(x)
	}
	if x := 5; x > 3 {
		fmt.Println("if", x)
	} else {
		fmt.Println("else", x)
	}
	fmt.Println(x)
	var err error
	if n, err := get(); err != nil {
		fmt.Println("inner err", n, err)
	}
	fmt.Println("outer err", err)
	for x := 0; x < 1; x++ {
		x := x + 10
		fmt.Println("loop", x)
	}
}
