package main

import (
	"fmt"
	"math"
)

func try(name string, f func()) {
	defer func() {
		if r := recover(); r != nil {
			fmt.Println(name, "panic:", r)
		}
	}()
	f()
}

func main() {
	n := -1
	try("negative shift", func() { fmt.Println(1 << n) })
	z := 0.0
	fmt.Println(1/z, -1/z, z/z == z/z, math.IsNaN(z/z))
	zi := 0
	try("int div zero", func() { fmt.Println(1 / zi) })
	try("int mod zero", func() { fmt.Println(1 % zi) })
	s := 70
	one := int32(1)
	fmt.Println(uint64(1)<<s, one<<31, int8(1)<<s)
	var u uint = 3
	fmt.Println(-8>>u, 8>>(u+10), uint8(255)<<u)
	f32 := float32(16777216)
	fmt.Println(f32+1 == f32, float64(f32)+1)
	fmt.Println(math.MaxFloat32, math.SmallestNonzeroFloat64 > 0, math.Float64bits(-0.0) == 0)
}
