package main

import "fmt"

func main() {
	var s32 float32
	var s64 float64
	for i := 0; i < 1000; i++ {
		s32 += 0.1
		s64 += 0.1
	}
	fmt.Println(s32, s64)
	var a float32 = 1e8
	fmt.Println(a+1 == a, float64(a)+1 == float64(a))
	x := float32(1) / 3
	y := float64(x)
	fmt.Println(x, y, float32(y) == x)
	fmt.Printf("%.10f %.10f\n", x, y)
}
