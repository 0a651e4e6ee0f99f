package main

import (
	"fmt"
	"math"
)

func main() {
	var f32 float32 = 16777217
	fmt.Println(f32, float64(f32), f32+1 == f32)
	big := uint64(math.MaxUint64)
	fmt.Println(float64(big), float32(big), uint64(float64(1<<63)))
	x := 1e19
	fmt.Println(uint64(x), uint64(x)%10)
	var d float64 = 2.9999999999999996
	m := float32(-7.9)
	fmt.Println(int(d), int(-d), int32(m))
	fmt.Println(float32(0.1)+float32(0.2), 0.1+0.2, float32(1)/3)
	third := float32(1) / 3
	fmt.Printf("%.10f %v %g\n", third, float64(third), float64(float32(0.1)))
	n := int64(1<<53 + 1)
	fmt.Println(float64(n) == float64(n-1), int64(float64(n)))
	var u8 uint8 = 255
	var i8 int8 = int8(u8)
	minus := int16(-1)
	fmt.Println(i8, uint16(i8), int(i8)+1, uint32(minus))
	c := complex(float32(1.5), 2)
	fmt.Printf("%T %v %v\n", c, real(c), complex128(c)*2)
	fmt.Println(math.Float32frombits(0x7f800000), float32(math.Inf(-1)))
}
