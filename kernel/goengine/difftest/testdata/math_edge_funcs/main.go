package main

import (
	"fmt"
	"math"
)

func main() {
	fmt.Println(math.Mod(-7, 3), math.Remainder(-7, 3), -7%3)
	fmt.Println(math.Pow(0, -1), math.Pow(-8, 1.0/3), math.Cbrt(-8))
	fmt.Println(math.Sqrt(-1), math.Log(0), math.Log(-1), math.Exp(1000))
	fmt.Println(math.Hypot(3, 4), math.Floor(-0.5), math.Abs(math.Inf(-1)))
	fmt.Println(math.MaxInt64, math.MinInt64, math.MaxUint32, math.SmallestNonzeroFloat64)
	fmt.Println(float64(math.MaxInt64), float32(math.MaxFloat32), math.MaxFloat64)
	f := 1e20
	fmt.Println(math.Trunc(1e300), math.IsInf(f*1e300, 1), 0.1+0.2 == 0.3)
	fmt.Println(math.Float64bits(1.0), math.Float32frombits(0x40490fdb))
	fr, exp := math.Frexp(8)
	fmt.Println(fr, exp, math.Ldexp(0.5, 4))
	ip, fp := math.Modf(-3.25)
	fmt.Println(ip, fp)
	fmt.Println(math.Max(-0.0, 0), math.Min(math.NaN(), 1), math.Signbit(math.Copysign(0, -1)))
	var i8 int8 = 127
	i8++
	var u16 uint16 = 0
	u16 -= 1
	fmt.Println(i8, u16, int32(math.MaxInt32)+int32(i8+1))
	f = 1e20
	fmt.Println(int64(f), uint64(1<<63), float32(1)/3)
}
