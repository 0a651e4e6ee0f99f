package main

import (
	"errors"
	"fmt"
	"strconv"
)

func parse(s string) (int, error) {
	if n, err := strconv.Atoi(s); err != nil {
		return 0, fmt.Errorf("parse %q: %w", s, err)
	} else if n < 0 {
		return 0, errors.New("negative")
	} else {
		n *= 2
		return n, nil
	}
}

func main() {
	x := 1
	if x := 2; x > 1 {
		x++
		fmt.Println("inner", x)
	}
	fmt.Println("outer", x)
	for _, s := range []string{"21", "-4", "zz"} {
		v, err := parse(s)
		fmt.Println(v, err)
	}
	switch y := x * 10; {
	case y > 5:
		x := "shadow"
		fmt.Println(x, y)
	}
	fmt.Println(x)
}
