package main

import (
	"fmt"
	"unicode/utf8"
)

func main() {
	buf := make([]byte, 4)
	for _, r := range []rune{'a', 'é', '€', '𝄞'} {
		n := utf8.EncodeRune(buf, r)
		fmt.Printf("%c %d % x %d\n", r, n, buf[:n], utf8.RuneLen(r))
	}
	s := "€uro"
	r, size := utf8.DecodeRuneInString(s)
	fmt.Println(string(r), size)
	r, size = utf8.DecodeLastRuneInString(s)
	fmt.Println(string(r), size)
	fmt.Println(utf8.AppendRune(nil, '世'), utf8.FullRune([]byte{0xe2, 0x82}))
	fmt.Println(utf8.RuneError, utf8.UTFMax, utf8.MaxRune)
}
