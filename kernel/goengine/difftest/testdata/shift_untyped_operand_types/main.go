package main

import "fmt"

func mask(bits uint) uint32 {
	var all uint32 = 0xffffffff
	return all & (1<<bits - 1)
}

func lane(x uint8) uint8 { return x }

func main() {
	var word uint32 = 0xdeadbeef
	for _, s := range []uint{0, 4, 12, 31} {
		low := word & (1<<s - 1)
		set := word|1<<s == word
		fmt.Printf("%2d %#010x %v %T\n", s, low, set, low)
	}
	fmt.Println(mask(8), mask(20))
	var n uint = 3
	var b uint8 = 250
	sum := b + 1<<n
	fmt.Printf("%T %v\n", sum, sum)
	fmt.Printf("%T %v\n", lane(1<<n), lane(1<<n))
	x := 1 << n
	var f float64 = 2
	fmt.Printf("%T %v %v\n", x, x, f*float64(int64(1)<<n))
	var i64 int64 = -1
	fmt.Println(i64 < 1<<(n*20), ^(1<<n)&word)
}
