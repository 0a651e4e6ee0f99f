package main

import (
	"fmt"
	"unicode/utf8"
)

func main() {
	s := "a\xffé\xe2\x82z€"
	for i, r := range s {
		fmt.Printf("%d:%q(%d) ", i, r, utf8.RuneLen(r))
	}
	fmt.Println()
	fmt.Println(len(s), utf8.RuneCountInString(s), len([]rune(s)), utf8.ValidString(s))
	rs := []rune(s)
	fmt.Printf("%U\n", rs)
	fmt.Printf("%q\n", string(rs))
	fmt.Println(string(rune(-1)) == "\uFFFD", string(rune(0x10FFFF+1)) == "\uFFFD")
	var n int
	for range "日本語" {
		n++
	}
	fmt.Println(n)
	b := []byte("€")
	fmt.Printf("% x %v\n", b, b)
	r, size := utf8.DecodeRuneInString("\xe2\x82")
	fmt.Println(r == utf8.RuneError, size)
}
