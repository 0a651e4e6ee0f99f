package main

import (
	"fmt"
	"math"
)

func main() {
	nan := math.NaN()
	fmt.Println(nan == nan, nan != nan, nan < 1, nan > 1, math.IsNaN(nan))
	inf := math.Inf(1)
	fmt.Println(inf+1, inf-inf, inf*0, -inf < math.MinInt64, math.IsInf(-inf, -1))
	zero := 0.0
	negZero := math.Copysign(0, -1)
	fmt.Println(zero == negZero, 1/zero, 1/negZero, math.Signbit(negZero))
	fmt.Println(math.Sqrt(-1), math.Log(0), math.Log(-1))
	m := map[float64]int{}
	m[nan] = 1
	m[nan] = 2
	fmt.Println(len(m), m[nan])
	fmt.Println(min(1.0, nan), max(zero, negZero), min(zero, negZero))
}
