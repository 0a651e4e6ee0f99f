package main

import (
	"fmt"
	"math"
)

func main() {
	x, y, z := 0.1, 10.0, -1.0
	fmt.Println(x*y+z, math.FMA(x, y, z))
	a := 1 + 0x1p-30
	fmt.Println(a*a-1 == math.FMA(a, a, -1), math.FMA(a, a, -1))
	fmt.Println(math.Nextafter(1, 2)-1 == 0x1p-52, math.Nextafter32(1, 2))
	f := float32(16777216)
	fmt.Println(f+1 == f, float64(f)+1)
	fmt.Printf("%#08x %#016x\n", math.Float32bits(1.5), math.Float64bits(-2))
	fmt.Println(math.Float32frombits(0x7f800000), math.Float32frombits(0x00000001))
	for _, v := range []float64{2.5, 3.5, -2.5, 0.49999999999999994} {
		fmt.Print(math.Round(v), " ", math.RoundToEven(v), " ", math.Trunc(v), "; ")
	}
	fmt.Println()
	fr, exp := math.Frexp(48)
	fmt.Println(fr, exp, math.Ldexp(fr, exp), math.Ilogb(48))
	ip, fp := math.Modf(-3.75)
	fmt.Println(ip, fp, math.Remainder(7, 4), math.Mod(-7, 4))
	fmt.Println(math.Hypot(3e200, 4e200), math.Cbrt(-27), math.Expm1(1e-10))
}
