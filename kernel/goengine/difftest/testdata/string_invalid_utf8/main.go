package main

import (
	"fmt"
	"unicode/utf8"
)

func main() {
	s := "a\xffb\xe4\xb8c"
	for i, r := range s {
		fmt.Printf("%d:%U ", i, r)
	}
	fmt.Println()
	fmt.Println(utf8.ValidString(s), utf8.RuneCountInString(s), len(s))
	fmt.Printf("%q %+q\n", s, s)
	rs := []rune(s)
	fmt.Println(len(rs), string(rs) == s)
	fmt.Println(string(rune(-1)), string(rune(0x10FFFF+1)) == "\uFFFD")
}
