package main

import (
	"fmt"
	"math"
)

func main() {
	for _, f := range []float64{2.7, -2.7, 0.5, -0.5, 1e9 + 0.999} {
		fmt.Print(int(f), " ", int64(f), " ")
	}
	fmt.Println()
	x := 300
	fmt.Println(uint8(x), int8(x), uint16(-1*x))
	var f32 float32 = 16777217
	fmt.Println(f32, float64(f32), int(f32))
	d := 0.1
	fmt.Println(float32(d), float64(float32(d)), d+0.2)
	fmt.Println(math.Round(-2.5), math.Trunc(-2.5), math.Floor(-2.5), math.Ceil(-2.5))
	fmt.Println(int(math.Round(2.5)), math.RoundToEven(2.5))
	r := 'A' + 2
	fmt.Println(r, string(r), byte(r)+1)
	fmt.Printf("%T %T\n", r, 'a'*1.0)
	c := complex(float32(1), 2)
	fmt.Printf("%v %T\n", c, c)
}
