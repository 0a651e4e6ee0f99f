package main

import (
	"fmt"
	"math/cmplx"
)

func main() {
	a := complex(1, 2)
	b := 3 + 4i
	fmt.Println(a+b, a*b, a/b, real(a*b), imag(a*b))
	fmt.Println(cmplx.Abs(b), cmplx.Conj(a), cmplx.Sqrt(-1))
	fmt.Printf("%v %.2f %T %T\n", a, b, a, complex64(a))
	fmt.Println(cmplx.Exp(1i*3.141592653589793) == -1, real(cmplx.Exp(1i*3.141592653589793)))
	var c64 complex64 = 1.5 - 0.5i
	fmt.Println(c64*c64, a == complex(1, 2))
}
