package main

import (
	"fmt"
	"math"
)

func main() {
	big := 300
	fmt.Println(uint8(big), int8(big), byte(big+1))
	neg := -1
	fmt.Println(uint8(neg), uint16(neg), uint32(neg), uint64(neg))
	var u uint = math.MaxUint64
	fmt.Println(int64(u), int32(u), u+1)
	f := 3.99
	fmt.Println(int(f), int(-f), int64(-f/8), uint8(f))
	g := 1e10
	fmt.Println(int32(int64(g)), int64(g))
	var i8 int8 = 127
	i8++
	fmt.Println(i8, -i8, i8/-1)
	const c = 1 << 40
	fmt.Println(int64(c), float32(c), c>>38)
	var r rune = 0x1F600
	fmt.Println(string(r), string(rune(65)), string(rune(-1)), len(string(rune(0x10FFFF+1))))
	var b byte = 200
	fmt.Println(int8(b), float64(b)/3, b<<1, b>>1)
	u32, i16 := uint32(1<<32-1), int16(math.MinInt16)
	fmt.Println(u32+1, i16-1)
	x := 0.1
	fmt.Println(float32(x) == float32(0.1), float64(float32(x)) == x)
	fmt.Println(math.Float32bits(float32(x)), uint8(i8-1))
}
