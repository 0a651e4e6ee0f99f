package main

import (
	"fmt"
	"math"
)

func Sqrt(x float64) (float64, int) {
	z := 1.0
	for i := 1; i <= 20; i++ {
		next := z - (z*z-x)/(2*z)
		if math.Abs(next-z) < 1e-12 {
			return next, i
		}
		z = next
	}
	return z, 20
}

func main() {
	for _, x := range []float64{2, 9, 1e6} {
		z, iters := Sqrt(x)
		fmt.Printf("sqrt(%g) = %.10f after %d steps (math: %.10f)\n", x, z, iters, math.Sqrt(x))
	}
}
