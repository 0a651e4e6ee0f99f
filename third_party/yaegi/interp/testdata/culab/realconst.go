// culab patch 89: real and imag of an untyped complex constant.
package main

import "fmt"

const k = 2i * 2i
const z = 3 + 4i

func main() {
	fmt.Println(k, real(k), imag(z), real(z)+imag(z))
	var f float64 = real(z)
	fmt.Println(f, imag(1i*1i))
}

// Output:
// (-4+0i) -4 4 7
// 3 0
