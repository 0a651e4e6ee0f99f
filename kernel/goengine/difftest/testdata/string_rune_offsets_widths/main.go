package main

import (
	"fmt"
	"strings"
	"unicode/utf8"
)

func main() {
	s := "aé日🙂z"
	for i, r := range s {
		fmt.Printf("%d:%c(%d) ", i, r, utf8.RuneLen(r))
	}
	fmt.Println()
	fmt.Println(len(s), utf8.RuneCountInString(s), len([]rune(s)))
	fmt.Println(strings.IndexRune(s, '日'), strings.IndexByte(s, 'z'), strings.Index(s, "🙂"))
	fmt.Printf("%q %q\n", s[1:3], s[1:2])
	r, size := utf8.DecodeRuneInString(s[3:])
	fmt.Printf("%c %d %U\n", r, size, r)
	r, size = utf8.DecodeLastRuneInString(s[:len(s)-1])
	fmt.Printf("%c %d\n", r, size)
	b := []byte(s)
	fmt.Println(utf8.Valid(b[:2]), utf8.FullRune(b[3:5]), utf8.RuneStart(b[2]))
	fmt.Println(strings.ToUpper(s), strings.Count(s, ""), strings.Repeat("é", 3))
	buf := utf8.AppendRune(nil, 'ß')
	fmt.Println(buf, string(buf))
}
