package main

import (
	"fmt"
	"math"
)

func main() {
	var i8 int8 = 120
	for k := 0; k < 10; k++ {
		i8 += 3
	}
	fmt.Println(i8)
	var u16 uint16 = 10
	u16 -= 20
	fmt.Println(u16)
	x := math.MaxInt64
	x++
	fmt.Println(x == math.MinInt64, x)
	var h uint32 = 2166136261
	for _, c := range []byte("hello") {
		h ^= uint32(c)
		h *= 16777619
	}
	fmt.Println(h)
	m := int32(math.MaxInt32)
	fmt.Println(m+1, m*2, -m-2)
	var u8 uint8 = 200
	fmt.Println(u8+100, u8*2, ^u8, -u8)
	n := -1
	big := int16(300)
	fmt.Println(uint8(n), uint64(n), int8(big))
	f := 1e20
	fmt.Println(int64(f) == math.MinInt64 || int64(f) != 0)
}
