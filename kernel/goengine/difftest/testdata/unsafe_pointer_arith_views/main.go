// unsafe.Pointer arithmetic with unsafe.Add, and byte views of values
// with unsafe.Slice: a float's bits, an int's bytes in memory order.
package main

import (
	"encoding/binary"
	"fmt"
	"math"
	"unsafe"
)

type header struct {
	Magic   uint32
	Version uint16
	Flags   uint16
}

func main() {
	xs := []int32{10, 20, 30, 40}
	p := unsafe.Pointer(&xs[0])
	third := (*int32)(unsafe.Add(p, 2*unsafe.Sizeof(xs[0])))
	fmt.Println(*third)
	*third = 33
	fmt.Println(xs)

	f := float32(1.5)
	bits := *(*uint32)(unsafe.Pointer(&f))
	fmt.Printf("%#08x %v\n", bits, bits == math.Float32bits(f))

	n := uint32(0x11223344)
	raw := unsafe.Slice((*byte)(unsafe.Pointer(&n)), unsafe.Sizeof(n))
	fmt.Println(len(raw), binary.NativeEndian.Uint32(raw) == n)

	h := header{Magic: 0xCAFEBABE, Version: 2, Flags: 5}
	hb := unsafe.Slice((*byte)(unsafe.Pointer(&h)), unsafe.Sizeof(h))
	fmt.Println(len(hb), binary.NativeEndian.Uint16(hb[4:6]), binary.NativeEndian.Uint16(hb[6:8]))
	hb[6] = 9
	if binary.NativeEndian.Uint16([]byte{1, 0}) != 1 {
		h.Flags = 9 // big-endian: the byte written was the high one
	}
	fmt.Println(h.Flags)

	words := unsafe.Slice((*uint16)(unsafe.Pointer(&h)), 4)
	fmt.Println(len(words), words[2])

	s := "hello, world"
	b := unsafe.Slice(unsafe.StringData(s), len(s))
	fmt.Println(string(b[7:]))
	back := unsafe.String(&b[0], 5)
	fmt.Println(back, len(back))
}
