package main

import (
	"fmt"
	"math/bits"
)

func main() {
	hi, lo := bits.Mul64(1<<63, 6)
	fmt.Println(hi, lo)
	sum, carry := bits.Add64(^uint64(0), 2, 0)
	fmt.Println(sum, carry)
	diff, borrow := bits.Sub32(1, 2, 0)
	fmt.Println(diff, borrow)
	q, r := bits.Div64(1, 5, 7)
	fmt.Println(q, r)
	var x uint16 = 0b1011_0000_0000_0001
	fmt.Println(bits.RotateLeft16(x, 4), bits.RotateLeft16(x, -4))
	fmt.Printf("%016b\n", bits.Reverse16(x))
	fmt.Println(bits.Len(0), bits.Len(255), bits.Len64(1<<40))
	fmt.Println(bits.OnesCount8(0xf3), bits.LeadingZeros32(1), bits.TrailingZeros64(0))
	fmt.Printf("%#x\n", bits.ReverseBytes32(0x11223344))
	fmt.Println(bits.UintSize)
}
