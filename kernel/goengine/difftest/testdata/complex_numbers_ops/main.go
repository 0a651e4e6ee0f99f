package main

import (
	"fmt"
	"math"
	"math/cmplx"
)

func main() {
	a := complex(3, 4)
	b := 1 - 2i
	fmt.Println(a, b, a+b, a*b, a/b)
	fmt.Println(real(a), imag(a), cmplx.Abs(a), cmplx.Conj(b))
	fmt.Printf("%.3f %v %T\n", cmplx.Sqrt(-1), a == complex(3, 4), a)
	var c64 complex64 = complex64(a)
	fmt.Printf("%v %T\n", c64*2, c64)
	roots := make([]complex128, 4)
	for k := range roots {
		roots[k] = cmplx.Rect(1, 2*math.Pi*float64(k)/4)
	}
	for _, r := range roots {
		fmt.Printf("(%.1f,%.1f) ", real(r)+0, math.Round(imag(r)*10)/10+0)
	}
	fmt.Println()
	fmt.Println(cmplx.Inf(), cmplx.IsNaN(cmplx.NaN()))
	const k = 2i * 2i
	fmt.Println(k, real(k))
}
