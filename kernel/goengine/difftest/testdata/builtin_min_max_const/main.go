package main

import (
	"fmt"
	"math"
)

type level int

const (
	lo = min(3, 1.5, 2)
	hi = max("b", "ab", "ba")
)

func main() {
	fmt.Println(lo, hi)
	fmt.Printf("%T %T\n", lo, hi)
	var l level = 5
	fmt.Printf("%v %T\n", max(l, 2, 9), max(l, 2))
	x := 7
	fmt.Println(min(x), max(x, 3.0))
	nz := math.Copysign(0, -1)
	fmt.Println(min(0.0, nz), max(nz, 0.0))
	fmt.Println(min(math.Inf(1), 3), max(math.Inf(-1), -3))
	fmt.Println(min(1, math.NaN(), 0), max(math.NaN(), 2))
	var u8 uint8 = 200
	fmt.Println(max(u8, 100)+100, min(u8, 10))
}
