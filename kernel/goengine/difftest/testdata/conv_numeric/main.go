package main

import "fmt"

func main() {
	f := -3.99
	fmt.Println(int(f), int(-f), int64(f*-1.5), uint8(int(f)+260))
	var big int64 = 1<<40 + 5
	fmt.Println(int32(big), int16(big), uint8(big))
	var neg int = -1
	fmt.Println(uint32(neg), uint64(neg), uint8(neg))
	var u8 uint8 = 200
	fmt.Println(int8(u8), int(u8))
	fmt.Println(float32(1)/3, float64(float32(1)/3))
	x := 16777217
	fmt.Println(float32(x), int(float32(x)))
	var r rune = 'é'
	fmt.Println(byte(r), string(byte(r)), string(r))
	fmt.Println(float64(1<<53+1), int64(float64(1<<53+1)))
}
