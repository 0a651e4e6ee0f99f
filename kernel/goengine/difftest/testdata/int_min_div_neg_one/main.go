package main

import (
	"fmt"
	"math"
)

func main() {
	// The most negative integer divided by -1 overflows back to itself;
	// the remainder is 0. No panic.
	a8 := int8(-128)
	m1 := int8(-1)
	fmt.Println(a8/m1, a8%m1)
	a64 := int64(math.MinInt64)
	n := int64(-1)
	fmt.Println(a64/n, a64%n, -a64 == a64)
	var a32 int32 = math.MinInt32
	fmt.Println(a32*-1, -a32)
	var u uint = 0
	u--
	fmt.Println(u == math.MaxUint, u+2)
	var i16 int16 = 300
	i16 *= 300
	fmt.Println(i16)
	var b byte = 200
	b += 100
	fmt.Println(b, ^b, -b)
	x := math.MaxInt
	x++
	fmt.Println(x == math.MinInt)
}
