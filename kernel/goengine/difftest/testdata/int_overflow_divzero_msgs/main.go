package main

import (
	"fmt"
	"math"
	"runtime"
)

func try(name string, f func()) {
	defer func() {
		r := recover()
		if e, ok := r.(runtime.Error); ok {
			fmt.Printf("%s: runtime.Error %v\n", name, e)
			return
		}
		if e, ok := r.(error); ok {
			fmt.Printf("%s: error %v\n", name, e)
			return
		}
		fmt.Println(name, r)
	}()
	f()
}

func main() {
	var i8 int8 = 127
	i8++
	var u8 uint8 = 0
	u8--
	var i32 int32 = math.MaxInt32
	i32 += 2
	var u64 uint64 = math.MaxUint64
	u64 *= 3
	var i64 int64 = math.MinInt64
	i64 = -i64
	fmt.Println(i8, u8, i32, u64, i64)
	var i16 int16 = 300
	fmt.Println(int8(i16), uint8(i16), int16(-1)>>1, uint16(i16)<<15<<1)
	x := 0
	try("int div", func() { fmt.Println(10 / x) })
	try("int mod", func() { fmt.Println(10 % x) })
	var z8 uint8
	try("uint8 div", func() { fmt.Println(uint8(3) / z8) })
	f := 0.0
	fmt.Println(1/f, -1/f, f/f == f/f)
	try("index", func() {
		s := []int{1}
		i := 5
		_ = s[i]
	})
	try("slice", func() {
		s := []int{1, 2}
		i, j := 2, 1
		_ = s[i:j]
	})
	try("nil map", func() {
		var m map[string]int
		m["a"] = 1
	})
	try("conv", func() {
		var a any = "s"
		_ = a.(int)
	})
	try("nil ptr", func() {
		var p *struct{ x int }
		_ = p.x
	})
	try("custom", func() { panic(fmt.Errorf("wrapped %d", 1)) })
	var minI = math.MinInt64
	neg := -1
	fmt.Println(minI/neg, minI%neg)
}
