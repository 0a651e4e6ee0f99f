package main

import (
	"fmt"
	"strconv"
)

func main() {
	f := float32(0.1)
	fmt.Println(f, float64(f), f*3, float64(f)*3)
	fmt.Println(float32(1)/3, float32(16777217), float32(1e7), float32(1e21), float32(123456789))
	var s float32
	for i := 0; i < 10; i++ {
		s += 0.1
	}
	fmt.Println(s, s == 1, float64(s))
	fmt.Printf("%v %g %e %.3f %8.2f|\n", f, f, f, f, f)
	fmt.Println(strconv.FormatFloat(float64(f), 'g', -1, 32), strconv.FormatFloat(float64(f), 'g', -1, 64))
	g, err := strconv.ParseFloat("3.4e39", 32)
	fmt.Println(g, err)
	fs := []float32{1.5, 2.25, -0}
	fmt.Println(fs, []float64{float64(fs[0]) / 7})
	fmt.Printf("%T %v\n", f+1, complex(f, 2))
	var h float32 = 0.3
	fmt.Println(h == 0.3, float64(h) == 0.3, h-0.1)
}
