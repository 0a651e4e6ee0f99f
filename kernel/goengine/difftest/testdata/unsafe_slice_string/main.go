// unsafe.Slice, unsafe.SliceData, unsafe.String and unsafe.StringData
// (Go 1.17 and 1.20): views of memory shared with what they come from.
package main

import (
	"fmt"
	"unsafe"
)

type point struct {
	X, Y int16
}

var table = [4]int{1, 2, 3, 4}
var firstThree = unsafe.Slice(&table[0], 3)

func view(p *point, n int) []point { return unsafe.Slice(p, n) }

// bytesOf views a string's bytes without copying them; they must not be
// written.
func bytesOf(s string) []byte { return unsafe.Slice(unsafe.StringData(s), len(s)) }

func try(name string, f func()) {
	defer func() {
		if r := recover(); r != nil {
			fmt.Println(name, "panics:", r)
		}
	}()
	f()
}

func main() {
	pts := []point{{1, 2}, {3, 4}, {5, 6}}
	v := view(&pts[0], 2)
	v[1].X = 30
	fmt.Println(v, pts, len(v), cap(v))
	fmt.Println(unsafe.SliceData(pts) == &pts[0], unsafe.SliceData(pts).Y)
	fmt.Println(firstThree, len(firstThree))
	table[1] = 20
	fmt.Println(firstThree)

	var x any = unsafe.Slice(&pts[1], 2)
	fmt.Println(x)

	fmt.Println(string(bytesOf("gopher")))
	b := []byte{'c', 'u', 'l', 'a', 'b'}
	s := unsafe.String(unsafe.SliceData(b), len(b))
	fmt.Println(s, len(s))

	arr := [4]uint32{0x01020304}
	words := unsafe.Slice(&arr[0], uint8(4))
	fmt.Println(words, len(words))
	raw := unsafe.Slice((*byte)(unsafe.Pointer(&words[0])), 4)
	fmt.Println(int(raw[0])+int(raw[3]) == 5)

	var nilp *int
	try("nil ptr", func() { _ = unsafe.Slice(nilp, 3) })
	n := -1
	try("negative len", func() { _ = unsafe.Slice(&pts[0], n) })
	try("string nil", func() { _ = unsafe.String(nil, n+2) })
	var empty []int
	fmt.Println(unsafe.Slice(nilp, 0) == nil, unsafe.SliceData(empty) == nil)
	fmt.Println(len(unsafe.Slice(&struct{}{}, 5)))
}
