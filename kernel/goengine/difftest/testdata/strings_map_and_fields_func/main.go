package main

import (
	"fmt"
	"strings"
	"unicode"
)

func rot13(r rune) rune {
	switch {
	case r >= 'a' && r <= 'z':
		return 'a' + (r-'a'+13)%26
	case r >= 'A' && r <= 'Z':
		return 'A' + (r-'A'+13)%26
	}
	return r
}

func main() {
	fmt.Println(strings.Map(rot13, "Hello, Gopher!"))
	fmt.Println(strings.Map(func(r rune) rune {
		if unicode.IsDigit(r) {
			return -1
		}
		return r
	}, "a1b22c333"))
	f := strings.FieldsFunc("one;two,,three; four", func(r rune) bool { return r == ';' || r == ',' || r == ' ' })
	fmt.Printf("%q\n", f)
	fmt.Println(strings.IndexFunc("abc123", unicode.IsDigit), strings.TrimFunc("123abc456", unicode.IsDigit))
}
