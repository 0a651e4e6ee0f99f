package main

import (
	"fmt"
	"math"
)

type small int8

func main() {
	vals := []int{127, 128, -129, 255, 256, 1000}
	for _, v := range vals {
		fmt.Print(int8(v), " ", uint8(v), " ", small(v), " | ")
	}
	fmt.Println()
	var u uint = 0
	u--
	fmt.Println(u == math.MaxUint, uint32(u), uint16(u>>48+6))
	i64 := int64(math.MaxInt64)
	i64++
	fmt.Println(i64 == math.MinInt64, -i64 == i64)
	var s small = 100
	s += 100
	fmt.Println(s, s*2, -s)
	f := 300.7
	fmt.Println(uint8(int(f)), int(float32(16777217)))
	x := int32(math.MaxInt32)
	fmt.Println(x+1, x*2, x/(-1))
	var b byte = 'z'
	b += 10
	fmt.Println(b, string(rune(b)))
}
