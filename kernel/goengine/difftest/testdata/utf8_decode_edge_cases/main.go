package main

import (
	"fmt"
	"unicode"
	"unicode/utf8"
)

func main() {
	s := "a\xffé世\U0001F600"
	for i, r := range s {
		fmt.Print(i, ":", r, " ")
	}
	fmt.Println()
	b := []byte(s)
	for len(b) > 0 {
		r, size := utf8.DecodeRune(b)
		fmt.Printf("%U/%d ", r, size)
		b = b[size:]
	}
	fmt.Println()
	r, size := utf8.DecodeLastRuneInString(s)
	fmt.Println(string(r), size)
	fmt.Println(utf8.ValidString(s), utf8.RuneCountInString(s), len(s), utf8.RuneLen('世'), utf8.RuneLen(-1))
	buf := utf8.AppendRune(nil, 'ß')
	fmt.Println(buf, utf8.FullRune(buf[:1]), utf8.RuneStart(buf[1]))
	rs := []rune(s)
	fmt.Println(len(rs), rs[1] == utf8.RuneError, string(rs[1:3]))
	fmt.Printf("%q %v\n", string([]byte{0xe4, 0xb8}), []byte(string(rune(0xD800))))
	fmt.Println(unicode.IsUpper('Σ'), string(unicode.ToLower('Σ')), unicode.IsDigit('٣'), unicode.IsNumber('½'), unicode.IsSpace('\u00a0'))
	fmt.Println(unicode.In('λ', unicode.Greek), unicode.IsPunct('!'), string(unicode.SimpleFold('k')))
	fmt.Println(s[1], s[2:4], len("é"), "é"[0])
}
