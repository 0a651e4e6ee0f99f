package main

import (
	"fmt"
	"math"
)

type Score int

const top = max(3, 7.5, 2)

func main() {
	fmt.Println(min(3, 1, 2), max(3, 1, 2))
	fmt.Println(min("pear", "apple", "fig"), max("pear", "apple", "fig"))
	fmt.Println(top, min(2.5, 1))
	a, b := Score(10), Score(4)
	m := min(a, b)
	fmt.Printf("%T %v\n", m, m)
	x := 1.5
	fmt.Println(max(x, 2), min(x, -1))
	fmt.Println(min(math.NaN(), 1), max(math.Inf(-1), -5))
	fmt.Println(math.Signbit(min(0.0, math.Copysign(0, -1))))
	var u uint8 = 200
	fmt.Println(max(u, 100), min(u, 255))
}
