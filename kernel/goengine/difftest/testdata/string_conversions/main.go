package main

import (
	"fmt"
	"strconv"
)

func main() {
	r := rune(65)
	fmt.Println(string(r), string(rune(0x4e16)), strconv.Itoa(65))
	b := []byte("héllo")
	fmt.Println(len(b), b[1], string(b[1:3]))
	rs := []rune("héllo")
	rs[1] = 'e'
	fmt.Println(string(rs))
	b[0] = 'H'
	fmt.Println(string(b))
	var bs = []byte{104, 105}
	fmt.Println(string(bs))
	type MyString string
	ms := MyString("typed")
	fmt.Printf("%v %T %T\n", ms, ms, string(ms))
	fmt.Println(string([]rune{0x48, 0x49}))
}
