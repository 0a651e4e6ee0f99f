package main

import (
	"fmt"
	"math"
	"time"
)

type Celsius float64

const freezing Celsius = 0

const (
	KB = 1 << (10 * (iota + 1))
	MB
	GB
)

func scale(f float64) float64 { return f * 2 }

func main() {
	fmt.Println(math.Sqrt(1/2), math.Sqrt(1/2.0), scale(3/2), scale(3.0/2))
	var c Celsius = 9 / 5 * 100
	var d Celsius = 9.0 / 5 * 100
	fmt.Println(c, d, freezing+1/2, freezing+0.5)
	fmt.Println(GB/MB, float64(GB)/3, GB/3)
	timeout := 3 / 2 * time.Second
	fmt.Println(timeout, time.Duration(1.5*float64(time.Second)))
	switch x := 7 / 2; x {
	case 3:
		fmt.Println("integer division", x)
	default:
		fmt.Println("other", x)
	}
	arr := [10 / 3]int{}
	fmt.Println(len(arr), len([2 * 2.0]bool{}))
	const big = 1 << 100
	fmt.Println(big/(1<<98), big>>99 == 2, float64(big) > 1e30)
	const r = 'a' / 2
	fmt.Printf("%T %v %T %v\n", r, r, 'a'*1.0, 'a'*1.0)
	fmt.Println(1e3 == 1000, 1/3.0 == 1.0/3, 2/3 == 0)
}
