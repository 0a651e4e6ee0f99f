package main

import (
	"errors"
	"fmt"
	"strconv"
)

func parseAll(in []string) (sum int, err error) {
	for _, s := range in {
		n, err := strconv.Atoi(s) // shadows the named result
		if err != nil {
			continue
		}
		sum += n
	}
	return sum, err
}

func parseStrict(in []string) (sum int, err error) {
	for _, s := range in {
		var n int
		if n, err = strconv.Atoi(s); err != nil {
			return sum, fmt.Errorf("parse %q: %w", s, err)
		}
		sum += n
	}
	return
}

func main() {
	fmt.Println(parseAll([]string{"1", "x", "3"}))
	s, err := parseStrict([]string{"1", "x", "3"})
	fmt.Println(s, err, errors.Is(err, strconv.ErrSyntax))
	x := 1
	if x := x + 1; x > 1 {
		x := x * 10
		fmt.Println("inner", x)
	} else {
		fmt.Println("else", x)
	}
	fmt.Println("outer", x)
	{
		x := "block"
		_ = x
	}
	switch x := "sw"; x {
	case "sw":
		fmt.Println(x)
	}
	fmt.Println(x)
}
