package main

import (
	"fmt"
	"math"
)

// Integer arithmetic at run time: wrap-around, truncated division and
// remainders of negative numbers, shifts, conversions that truncate.
func main() {
	var a int8 = 127
	a++
	var b uint8 = 0
	b--
	var c int32 = math.MaxInt32
	c += 2
	fmt.Println(a, b, c)
	for _, p := range [][2]int{{7, 2}, {-7, 2}, {7, -2}, {-7, -2}} {
		fmt.Print(p[0]/p[1], " ", p[0]%p[1], " | ")
	}
	fmt.Println()
	x := -8
	fmt.Println(x>>1, x<<2, uint8(x), uint32(x)>>28, -x>>1)
	f := -7.9
	g := 300.7
	fmt.Println(int(f), int(g), uint8(int(g)), int64(float32(g)))
	var s uint = 70
	fmt.Println(1<<s == 0, int64(1)<<62, ^0, ^uint16(1))
	h := math.MinInt64
	fmt.Println(h/-1 == h, -h == h)
}
