package main

import (
	"fmt"
	"strings"
)

type verdict bool

func check(a, b int) verdict { return a < b }

func above(x float64) any { return x > 0.5 }

func both(s string) (any, error) { return strings.HasPrefix(s, "sm") && len(s) == 5, nil }

func invert(b bool) any { return !b }

func negate(n int) any { return -n }

func mask(n uint8) any { return ^n }

func main() {
	r, err := both("sm_90")
	fmt.Println(check(1, 2), above(0.7), above(0.2), r, err, invert(true), negate(4), mask(0x0f))
	fmt.Printf("%T %T %T %T\n", above(1), check(2, 1), negate(1), mask(1))
	preds := []func(int) any{
		func(n int) any { return n%2 == 0 },
		func(n int) any { return n != 3 },
	}
	for _, p := range preds {
		fmt.Print(p(3), " ", p(4), "; ")
	}
	fmt.Println()
}
