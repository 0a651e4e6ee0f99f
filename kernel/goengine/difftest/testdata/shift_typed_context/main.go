package main

import "fmt"

func main() {
	var s uint = 33
	i := 1 << s
	var i32 int32 = 1 << 31 >> 31
	var u8 uint8 = 1
	fmt.Println(i, i32, u8<<8, u8<<7)
	var k uint = 3
	var f float64 = float64(int(1) << k)
	fmt.Println(f)
	one := int64(1)
	x := one << 62 << 1
	fmt.Println(x, x>>63, uint64(x)>>63)
	var n int8 = -128
	fmt.Println(n>>1, n>>7, uint8(n)>>1)
	fmt.Printf("%T %v\n", 1<<k, 1<<k)
	const c = 1 << 10
	fmt.Println(c>>k, 0xff&^0x0f, 6&3, 6|3, 6^3, ^6)
	var b byte = 0b1010_0000
	fmt.Printf("%08b %08b %08b\n", b, b>>4, ^b)
}
