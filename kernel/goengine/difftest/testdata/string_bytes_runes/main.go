package main

import (
	"fmt"
	"strings"
	"unicode/utf8"
)

func main() {
	s := "añ€𝄞!"
	fmt.Println(len(s), utf8.RuneCountInString(s), len([]rune(s)), len([]byte(s)))
	for i, r := range s {
		fmt.Printf("%d:%c(%d) ", i, r, utf8.RuneLen(r))
	}
	fmt.Println()
	for i := 0; i < len(s); i++ {
		fmt.Printf("%02x", s[i])
	}
	fmt.Println()
	rs := []rune(s)
	rs[1] = 'N'
	fmt.Println(string(rs), s[1:3] == "ñ", string(s[0]))
	bad := "a\xffb\xe2\x82"
	for i, r := range bad {
		fmt.Print(i, ":", r == utf8.RuneError, " ")
	}
	fmt.Println(utf8.ValidString(bad), []rune(bad))
	var sb strings.Builder
	for _, r := range "héllo" {
		sb.WriteRune(r - 32*(1-btoi(r > 127)))
	}
	fmt.Println(sb.String())
	fmt.Println(string(rune(0x1F600)), string(rune(-1)) == "\uFFFD")
	b := []byte("hello")
	b[0] = 'J'
	fmt.Println(string(b), strings.IndexRune(s, '€'), strings.IndexByte(s, '!'))
	r, size := utf8.DecodeLastRuneInString(s[:len(s)-1])
	fmt.Printf("%q %d %U\n", r, size, r)
}

func btoi(b bool) rune {
	if b {
		return 1
	}
	return 0
}
