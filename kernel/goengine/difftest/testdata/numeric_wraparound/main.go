package main

import (
	"fmt"
	"math"
)

func main() {
	var u8 uint8 = 250
	for i := 0; i < 3; i++ {
		u8 += 3
		fmt.Print(u8, " ")
	}
	fmt.Println()
	var i16 int16 = math.MaxInt16
	i16++
	fmt.Println(i16, -i16, i16/-1)
	var u32 uint32 = 1
	fmt.Println(u32<<31, u32<<32>>1, ^u32, -u32)
	x := int64(math.MinInt64)
	fmt.Println(x/-1, x%-1, -x)
	fmt.Println(-7/2, -7%2, 7/-2, 7%-2, -7>>1, uint(7)>>1)
	a, b := int32(1<<30), int32(4)
	fmt.Println(a*b, a*2, int64(a)*int64(b))
	var s int8 = -128
	fmt.Println(s>>7, uint8(s), int(uint8(s)), s&0x7f)
	f := 3.99
	fmt.Println(int(f), int(-f), uint8(int(f)*100), math.Trunc(-f))
	big := 1e308
	fmt.Println(0.1+0.2, float32(0.1)+float32(0.2), big*10, -1/math.Inf(1))
}
