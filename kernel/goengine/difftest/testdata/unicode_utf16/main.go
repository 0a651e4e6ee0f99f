package main

import (
	"fmt"
	"unicode/utf16"
	"unicode/utf8"
)

func main() {
	s := "Go→GPU 🚀 ü"
	rs := []rune(s)
	u := utf16.Encode(rs)
	fmt.Println(len(s), len(rs), len(u), utf8.RuneCountInString(s))
	fmt.Printf("%04x\n", u)
	back := string(utf16.Decode(u))
	fmt.Println(back == s, back)
	r1, r2 := utf16.EncodeRune('🚀')
	fmt.Printf("%x %x %c %v\n", r1, r2, utf16.DecodeRune(r1, r2), utf16.IsSurrogate(r1))
	buf := utf8.AppendRune(nil, 'ü')
	fmt.Println(buf, utf8.ValidString("a\xffb"), utf8.RuneLen('🚀'))
}
