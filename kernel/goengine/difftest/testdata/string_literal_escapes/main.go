package main

import (
	"fmt"
	"unicode/utf8"
)

func main() {
	rs := []rune{'\a', '\x41', '\101', '\u00e9', '\U0001F600', '\'', '\\', '\t', 'ж'}
	for _, r := range rs {
		fmt.Printf("%d %q %U %d\n", r, r, r, utf8.RuneLen(r))
	}
	s := "tab\there\x00\xffend\u2318"
	fmt.Println(len(s), utf8.RuneCountInString(s), utf8.ValidString(s))
	fmt.Printf("%q\n%+q\n%x\n% X\n", s, s, s, s[:6])
	raw := `C:\path\n "quoted"
second line`
	fmt.Println(len(raw), raw)
	fmt.Printf("%#q %#q\n", "back`tick", "plain")
	fmt.Println("\u65e5\u672c" == "日本", "\xe6\x97\xa5" == "日")
	b := []byte("é")
	fmt.Println(b, string(b[0]), string(rune(b[0])), []byte(string(rune(0xe9))))
}
