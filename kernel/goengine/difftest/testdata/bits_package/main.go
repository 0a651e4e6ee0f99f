package main

import (
	"fmt"
	"math/bits"
)

func main() {
	for _, x := range []uint32{0, 1, 0x80000000, 0xdeadbeef, 12345} {
		fmt.Println(x, bits.LeadingZeros32(x), bits.TrailingZeros32(x), bits.OnesCount32(x), bits.Len32(x))
		fmt.Printf("%08x %08x %08x\n", bits.RotateLeft32(x, 7), bits.Reverse32(x), bits.ReverseBytes32(x))
	}
	sum, carry := bits.Add64(1<<63, 1<<63, 1)
	fmt.Println(sum, carry)
	hi, lo := bits.Mul64(0xffffffffffffffff, 3)
	fmt.Println(hi, lo)
	q, r := bits.Div64(1, 0, 7)
	fmt.Println(q, r)
	diff, borrow := bits.Sub32(3, 5, 0)
	fmt.Println(diff, borrow)
	fmt.Println(bits.UintSize, bits.Len(255), bits.OnesCount8(0xf0))
}
