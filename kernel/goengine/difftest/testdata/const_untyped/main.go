package main

import (
	"fmt"
	"math"
)

const huge = 1 << 100

const third = 1.0 / 3

type Duration int64

func main() {
	fmt.Println(huge >> 98)
	fmt.Println(third, float32(third))
	const big = huge * huge
	fmt.Println(big / huge / huge)
	var d Duration = 5 * 60
	fmt.Printf("%v %T\n", d, d)
	fmt.Println(math.MaxInt64, math.MinInt64, uint64(math.MaxUint64))
	fmt.Println(math.MaxFloat32, math.SmallestNonzeroFloat64)
	const r = 'a' + 1
	fmt.Printf("%v %T %c\n", r, r, r)
	const f = 5 / 2
	const g = 5 / 2.0
	fmt.Println(f, g, 7%3)
	fmt.Println(math.Pi, float32(math.Pi))
}
