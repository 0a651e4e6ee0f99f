package main

import (
	"fmt"
	"unicode/utf8"
)

func main() {
	s := "a\xffé\xe2\x82z☺"
	for i, r := range s {
		fmt.Printf("%d:%q(%d) ", i, r, utf8.RuneLen(r))
	}
	fmt.Println()
	fmt.Println(len(s), utf8.RuneCountInString(s), utf8.ValidString(s), utf8.ValidString("héllo"))
	rs := []rune(s)
	fmt.Println(len(rs), rs[1] == utf8.RuneError, string(rs[2]))
	bs := []byte("日本")
	for len(bs) > 0 {
		r, size := utf8.DecodeRune(bs)
		fmt.Printf("%c %d %U\n", r, size, r)
		bs = bs[size:]
	}
	r, size := utf8.DecodeLastRuneInString("go☺")
	fmt.Println(string(r), size)
	fmt.Println(string(rune(65)), string(rune(-1)), []byte(string(rune(0x10FFFF+1))))
	buf := utf8.AppendRune(nil, 'é')
	fmt.Println(buf, utf8.FullRune(buf[:1]))
	for i := 0; i < len("héé"); i++ {
		fmt.Print("héé"[i], " ")
	}
	fmt.Println()
}
