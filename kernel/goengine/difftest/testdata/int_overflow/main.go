package main

import (
	"fmt"
	"math"
)

func main() {
	var i8 int8 = 127
	i8++
	fmt.Println(i8)
	var u8 uint8 = 0
	u8--
	fmt.Println(u8)
	var i64 int64 = math.MaxInt64
	i64++
	fmt.Println(i64)
	var u32 uint32 = 1 << 31
	fmt.Println(u32*2, u32*3)
	var i32 int32 = math.MinInt32
	fmt.Println(-i32, i32/-1, i32-1)
	x := math.MaxInt
	fmt.Println(x+1 == math.MinInt)
	var u16 uint16 = 65535
	fmt.Println(u16+1, u16*u16)
	a, b := int16(300), int16(300)
	fmt.Println(a * b)
}
