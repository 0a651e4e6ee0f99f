package main

import (
	"fmt"
	"math"
	"math/bits"
)

func main() {
	var x uint32 = 0b1011_0000
	fmt.Println(bits.OnesCount32(x), bits.LeadingZeros32(x), bits.TrailingZeros32(x), bits.Len32(x))
	fmt.Println(bits.RotateLeft8(0b1000_0001, 1), bits.Reverse8(0b0000_0001), bits.ReverseBytes16(0x1234) == 0x3412)
	hi, lo := bits.Mul64(math.MaxUint64, 2)
	fmt.Println(hi, lo)
	sum, carry := bits.Add64(math.MaxUint64, 1, 0)
	fmt.Println(sum, carry)
	q, r := bits.Div64(0, 100, 7)
	fmt.Println(q, r)
	fmt.Println(math.MaxInt8, math.MinInt16, uint8(math.MaxUint8), math.MaxInt32)
	var u8 uint8 = 250
	u8 += 10
	var i8 int8 = 127
	i8++
	fmt.Println(u8, i8, -i8, ^uint8(0)>>4)
	fmt.Println(math.Sqrt(2), math.Floor(-2.5), math.Ceil(-2.5), math.Round(2.5), math.Trunc(-2.7))
	fmt.Println(math.Inf(1) > math.MaxFloat64, math.IsNaN(math.NaN()), math.NaN() == math.NaN())
	fmt.Println(math.Mod(7, -3), math.Remainder(7, 3), math.Abs(-0.0), math.Copysign(3, -1))
	fmt.Printf("%.4f %.4f %v\n", math.Pi, math.Log2(10), math.Pow(2, 10))
	f := 1e300
	fmt.Println(f*1e10, -f*1e10, int64(math.Float64bits(1.0)>>52))
}
