package main

import (
	"fmt"
	"math"
)

func main() {
	fmt.Println(0.1+0.2, 0.1+0.2 == 0.3, 1.0, 3.0/2)
	fmt.Println(1e20, 1e21, 1e-4, 1e-5, 123456789.0, 1234567890123.0)
	fmt.Println(float32(0.1), float32(1)/3, float32(16777216.0)+1)
	fmt.Println(math.Inf(1), -math.Inf(1), math.NaN(), math.Copysign(0, -1))
	fmt.Println(math.MaxFloat64, math.SmallestNonzeroFloat64)
	fmt.Println(2.0/3, float32(2.0)/3, 100.0/3.0)
	fmt.Println([]float64{1, 2.5, 1e100}, []float32{0.1, 0.25})
	fmt.Println(fmt.Sprint(1e6), fmt.Sprint(1e-7), fmt.Sprint(5e-324))
}
