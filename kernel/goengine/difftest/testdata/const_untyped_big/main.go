package main

import (
	"fmt"
	"math"
)

const (
	huge  = 1 << 100
	back  = huge >> 98
	third = 1.0 / 3
	kb    = 1 << (10 * (iota - 1))
	mb
)

type celsius float64

const boiling celsius = 100

func main() {
	fmt.Println(back, third, kb, mb)
	var f32 float32 = third
	fmt.Println(f32, float64(f32) == third)
	fmt.Println(boiling*9/5+32, boiling/3)
	const r = 'a' + 1
	fmt.Printf("%c %v %T\n", r, r, r)
	fmt.Println(math.MaxInt64, uint64(math.MaxUint64), math.MinInt64)
	const x = 10 / 4
	const y = 10 / 4.0
	fmt.Println(x, y, 7%3, -7%3, -7/2)
	var i8 int8 = 127
	i8++
	u := uint8(200)
	fmt.Println(i8, u+100)
}
