package main

import (
	"errors"
	"fmt"
)

var x = "package"

func find(k int) (string, error) {
	if k < 0 {
		return "", errors.New("negative")
	}
	return fmt.Sprint("v", k), nil
}

func main() {
	fmt.Println(x)
	x := "main"
	{
		x := "block"
		x += "!"
		fmt.Println(x)
	}
	fmt.Println(x)
	if x := 5; x > 3 {
		fmt.Println("if", x)
	} else if y := x * 2; y > 0 {
		fmt.Println("else", y)
	} else {
		fmt.Println(x, y)
	}
	var err error
	for _, k := range []int{1, -1} {
		v, err := find(k)
		if err != nil {
			fmt.Println("inner err:", err)
			continue
		}
		fmt.Println(v)
	}
	fmt.Println("outer err:", err)
	v, err := find(2)
	if v, err := find(-3); err != nil {
		fmt.Println("shadow", v == "", err)
	}
	fmt.Println(v, err)
	fmt := "shadowed fmt"
	_ = fmt
	println2(fmt)
}

func println2(s string) { fmt.Println(len(s)) }
