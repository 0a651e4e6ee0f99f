package main

import (
	"fmt"
	"math"
)

func main() {
	x := 1234.5678
	fmt.Printf("%f|%.2f|%8.3f|%-10.1f|%+.1f\n", x, x, x, x, x)
	fmt.Printf("%e|%E|%.3e|%g|%G\n", x, x, x, x, x*1e20)
	fmt.Printf("%g|%g|%g|%g\n", 1e6, 1e21, 1e-5, 1e-4)
	fmt.Printf("%v|%v|%.3g|%#g\n", 100.0, 0.000001, 3.14159, 2.0)
	fmt.Printf("%6.2f|%x|%b\n", math.Pi, 1.0, 8.0)
	fmt.Printf("%v %v %v %f\n", math.Inf(1), math.Inf(-1), math.NaN(), math.Inf(1))
	fmt.Printf("%5.1f%%\n", 99.44)
	fmt.Printf("%v %v\n", float32(0.1), float64(float32(0.1)))
}
