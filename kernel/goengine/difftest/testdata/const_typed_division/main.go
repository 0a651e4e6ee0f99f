package main

import (
	"fmt"
	"time"
)

type Count int
type Celsius float64

const n Count = 7
const c Celsius = 100
const i8 int8 = -7

func main() {
	fmt.Println(n/2, n%3, c*9/5+32, i8/2, i8%4, i8>>1)
	const half = n / 2
	var x = n / 2 * 2
	fmt.Printf("%T %v %T %v\n", half, half, x, x)
	const d = 7 * time.Second / 2
	fmt.Println(d, time.Duration(7)/2, 7/2*time.Second)
	const u uint8 = 200
	fmt.Println(u/3, u+50, u>>2)
	const f32 float32 = 1.0 / 3
	fmt.Println(f32, f32*3 == 1)
	var arr [n / 2]int
	fmt.Println(len(arr))
	const m = -7 / 2
	const r = -7 % 2
	fmt.Println(m, r, -7.0/2)
}
