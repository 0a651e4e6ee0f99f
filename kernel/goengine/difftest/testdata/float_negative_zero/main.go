package main

import (
	"fmt"
	"math"
	"strconv"
)

func main() {
	// A constant -0.0 is exact zero; only run-time negation makes -0.
	c := -0.0
	z := 0.0
	nz := -z
	fmt.Println(c, nz, math.Signbit(c), math.Signbit(nz))
	fmt.Println(1/nz, 1/z, nz == z)
	fmt.Printf("%v %.2f %g %e\n", nz, nz, nz, nz)
	fmt.Println(strconv.FormatFloat(nz, 'f', -1, 64))
	fmt.Println(math.Copysign(0, -1), math.Copysign(3, nz))
	var f32 float32 = -0.0
	g := float32(nz)
	fmt.Println(f32, g, math.Signbit(float64(g)))
	m := map[float64]string{z: "zero"}
	m[nz] = "negzero"
	fmt.Println(len(m), m[0])
}
