package main

import (
	"fmt"
	"math"
)

func main() {
	fmt.Println(math.Nextafter(1, 2)-1 == math.Pow(2, -52), math.Nextafter32(0, 1))
	fmt.Printf("%#x %#x\n", math.Float64bits(math.Copysign(0, -1)), math.Float32bits(1))
	fmt.Println(math.Float64frombits(0x7ff0000000000000), math.Signbit(math.Copysign(0, -1)))
	fmt.Println(math.Mod(7, -3), math.Remainder(7, 3), math.Mod(-7, 3))
	inf := math.Inf(1)
	fmt.Println(inf-inf, inf*0, -inf, 1/inf, math.IsNaN(inf-inf))
	fmt.Println(math.Trunc(-2.7), math.Floor(-2.5), math.Ceil(-2.5), math.Round(-2.5), math.RoundToEven(2.5))
	fr, exp := math.Frexp(12)
	fmt.Println(fr, exp, math.Ldexp(fr, exp))
	ip, frac := math.Modf(-3.25)
	fmt.Println(ip, frac)
	fmt.Println(math.Hypot(3, 4), math.Cbrt(27), math.Log2(1024), math.Log1p(0))
	fmt.Println(uint64(math.MaxUint64), math.MaxInt8, math.SmallestNonzeroFloat64)
	var z float64
	fmt.Println(1/z, -1/z, z/z == z/z)
}
