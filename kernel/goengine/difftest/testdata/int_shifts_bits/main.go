package main

import (
	"fmt"
	"math/bits"
)

func main() {
	var x int64 = 1
	fmt.Println(x<<62, x<<63, x<<64)
	var y int32 = -16
	fmt.Println(y>>2, y>>31, y>>40, uint32(y)>>28)
	n := uint(3)
	fmt.Println(1<<n, 0xff>>n)
	a, b := 0b1100, 0b1010
	fmt.Printf("%04b %04b %04b %04b %b\n", a&b, a|b, a^b, a&^b, ^a)
	var u uint8 = 0b1011_0010
	fmt.Println(bits.OnesCount8(u), bits.LeadingZeros8(u), bits.TrailingZeros8(u), bits.Reverse8(u), bits.RotateLeft8(u, 3))
	hi, lo := bits.Mul64(1<<63, 6)
	fmt.Println(hi, lo)
	sum, carry := bits.Add64(1<<63, 1<<63, 1)
	fmt.Println(sum, carry, bits.Len(1023))
}
