package main

import (
	"fmt"
	"math"
)

type meters float32

func main() {
	var a, b float32 = 0.1, 3
	fmt.Println(a*b, a*b == 0.3, a/b, float64(a*b), a+a+a == a*3)
	c := a / 3 * 3
	fmt.Println(c, c == a)
	var big float32 = 16777216
	big++
	fmt.Println(big, big+1 == big)
	fmt.Println(math.Sqrt(float64(a)), float32(math.Sqrt(2)))
	m := meters(1.1)
	fmt.Println(m*m, m/3, -m)
	var i32 int32 = 1 << 30
	fmt.Println(i32*4, i32*2, uint32(i32)*4)
	var u8 uint8 = 17
	fmt.Println(u8*16, u8<<4, u8*u8, -u8)
	var i16 int16 = -32768
	fmt.Println(-i16, i16-1, i16/-1)
	x := float32(1) / 3
	y := float64(1) / 3
	fmt.Println(x, y, float64(x) == y)
	fmt.Printf("%v %.10f %g\n", x*3, x*3, float32(0.1)+float32(0.2))
	var h float32 = 1e38
	fmt.Println(h*10, -h*10, h*10-h*10)
}
