package main

import (
	"fmt"
	"math/bits"
)

// xorshift32 is the tiny generator a kernel keeps per thread.
func xorshift32(s uint32) uint32 {
	s ^= s << 13
	s ^= s >> 17
	s ^= s << 5
	return s
}

// morton2 interleaves the bits of x and y, as a Z-order index of a tile.
func morton2(x, y uint16) uint32 {
	spread := func(v uint32) uint32 {
		v = (v | v<<8) & 0x00ff00ff
		v = (v | v<<4) & 0x0f0f0f0f
		v = (v | v<<2) & 0x33333333
		v = (v | v<<1) & 0x55555555
		return v
	}
	return spread(uint32(x)) | spread(uint32(y))<<1
}

func nextPow2(v uint32) uint32 {
	if v == 0 {
		return 1
	}
	return 1 << (32 - bits.LeadingZeros32(v-1))
}

func fnv1a(s string) uint32 {
	h := uint32(2166136261)
	for i := 0; i < len(s); i++ {
		h ^= uint32(s[i])
		h *= 16777619
	}
	return h
}

func main() {
	s := uint32(2463534242)
	for range 4 {
		s = xorshift32(s)
		fmt.Print(s, " ")
	}
	fmt.Println()
	for _, p := range [][2]uint16{{0, 0}, {1, 0}, {0, 1}, {3, 5}, {65535, 65535}} {
		fmt.Printf("%d,%d -> %d\n", p[0], p[1], morton2(p[0], p[1]))
	}
	for _, v := range []uint32{0, 1, 3, 64, 65, 1000, 1 << 31} {
		fmt.Print(nextPow2(v), " ")
	}
	fmt.Println()
	fmt.Printf("%#08x %#08x\n", fnv1a("saxpy"), fnv1a(""))
	var lane uint32 = 37
	fmt.Println(lane&31, lane>>5, lane&^31, bits.OnesCount32(0xdeadbeef), bits.TrailingZeros32(96))
	var mask uint32 = 0xffffffff
	fmt.Println(mask+1, mask<<31, int32(mask), uint16(mask>>4), ^uint32(0)>>28)
}
