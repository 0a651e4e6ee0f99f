package main

import "fmt"

func main() {
	const big = 1 << 62
	x := big
	fmt.Println(x*2, x*4, big*4/8)
	var i32 int32 = 1 << 30
	fmt.Println(i32*2, i32*4, i32<<2)
	var u8 uint8 = 255
	fmt.Println(u8+1, u8*2, -u8, ^u8, u8<<1>>1)
	const c uint8 = 255
	fmt.Println(c>>1, c&0x0f, ^c)
	a, b := 7, -2
	fmt.Println(a/b, a%b, -a/b, -a%b, a&b, a|b, a^b, a&^b)
	var s8 int8 = -128
	fmt.Println(s8/-1, s8%-1, -s8, s8-1)
	h := 0xdeadbeef
	fmt.Println(uint32(h)*uint32(h), int32(uint32(h)))
	var sh uint = 70
	fmt.Println(1<<sh, int64(1)<<(sh-7), uint64(1)<<63>>62)
	fmt.Printf("%d %x\n", ^0, uint16(^0&0xffff))
	m := map[int8]int{}
	for k := int8(125); k > 0 && k >= 125; k++ {
		m[k]++
	}
	fmt.Println(len(m))
}
