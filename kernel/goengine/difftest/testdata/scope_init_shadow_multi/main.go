package main

import (
	"errors"
	"fmt"
)

var x = "pkg"

func f() (int, error) { return 2, nil }
func g() (int, error) { return 0, errors.New("bad") }

func main() {
	fmt.Println(x)
	x := 1
	fmt.Println(x)
	if x := "if"; x != "" {
		fmt.Println(x)
		x := 3.5
		fmt.Println(x)
	} else {
		fmt.Println("else", x)
	}
	fmt.Println(x)
	a, err := f()
	b, err := g()
	fmt.Println(a, b, err)
	if a, err := g(); err != nil {
		fmt.Println("inner", a, err)
	}
	fmt.Println(a, err)
	switch x := x * 10; {
	case x > 5:
		fmt.Println("big", x)
		x := "s"
		fmt.Println(x)
	}
	fmt.Println(x)
	for x := 0; x < 2; x++ {
		x := x + 100
		fmt.Println("loop", x)
	}
	{
		x, y := 5, 6
		fmt.Println(x, y)
	}
	fmt.Println(x)
	var err2 error
	if _, err2 = g(); err2 != nil {
		fmt.Println("assigned", err2)
	}
	fmt.Println(err2)
}
