package main

import (
	"fmt"
	"math"
)

func main() {
	vals := []float64{2.5, -2.5, 3.7, -0.4}
	for _, v := range vals {
		fmt.Println(v, math.Floor(v), math.Ceil(v), math.Round(v), math.Trunc(v), math.RoundToEven(v))
	}
	fmt.Printf("%.6f %.6f %.6f\n", math.Sqrt(2), math.Cbrt(27), math.Pow(2, 0.5))
	fmt.Printf("%.6f %.6f %.6f\n", math.Sin(math.Pi/6), math.Cos(0), math.Atan2(1, 1))
	fmt.Printf("%.6f %.6f %.6f\n", math.Exp(1), math.Log(math.E), math.Log10(1000))
	fmt.Println(math.Mod(7, 3), math.Mod(-7, 3), math.Remainder(7, 3), math.Hypot(3, 4))
	fmt.Println(math.Abs(-2), math.Max(3, 7), math.Min(3, 7), math.Pow(2, 10))
	frac, exp := math.Frexp(8)
	fmt.Println(frac, exp, math.Float64bits(1.0), math.Float32frombits(0x40490fdb))
}
