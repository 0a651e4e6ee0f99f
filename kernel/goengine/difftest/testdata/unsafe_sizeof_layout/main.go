// unsafe.Sizeof, Alignof and Offsetof: struct layout, padding, and the
// constants they make.
package main

import (
	"fmt"
	"unsafe"
)

type packed struct {
	A bool
	B int64
	C bool
	D int32
	E int16
}

type tight struct {
	B int64
	D int32
	E int16
	A bool
	C bool
}

const wordSize = unsafe.Sizeof(uintptr(0))

var buf [unsafe.Sizeof(tight{})]byte

func main() {
	var p packed
	var t tight
	fmt.Println(unsafe.Sizeof(p), unsafe.Sizeof(t), len(buf))
	fmt.Println(unsafe.Alignof(p.B), unsafe.Alignof(p.E), unsafe.Alignof(t))
	fmt.Println(unsafe.Offsetof(p.B), unsafe.Offsetof(p.C), unsafe.Offsetof(p.D), unsafe.Offsetof(p.E))
	fmt.Println(unsafe.Offsetof(t.A), unsafe.Offsetof(t.C))
	fmt.Println(wordSize, unsafe.Sizeof("s"), unsafe.Sizeof([]int{}), unsafe.Sizeof(map[int]int{}))
	const align = unsafe.Alignof(int32(0))
	fmt.Println(align, unsafe.Sizeof([3]int16{}), unsafe.Sizeof(struct{}{}))
	var x any = 1
	fmt.Println(unsafe.Sizeof(x), unsafe.Sizeof(complex64(0)))
}
