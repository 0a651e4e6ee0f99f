package main

import (
	"fmt"
	"strings"
	"unicode"
)

func main() {
	fmt.Println(strings.CutPrefix("v1.2.3", "v"))
	fmt.Println(strings.CutSuffix("main.go", ".rs"))
	k, v, ok := strings.Cut("key=value=more", "=")
	fmt.Println(k, v, ok)
	fmt.Println(strings.EqualFold("Straße", "STRASSE"), strings.EqualFold("Σίσυφος", "ΣΊΣΥΦΟΣ"))
	fmt.Println(strings.ContainsFunc("abc1", unicode.IsDigit), strings.ContainsAny("hello", "xyz"))
	fmt.Println(strings.IndexFunc("  x", func(r rune) bool { return !unicode.IsSpace(r) }))
	fmt.Printf("%q\n", strings.Fields("  a \t b\n c  "))
	fmt.Printf("%q\n", strings.SplitN("a,b,c,d", ",", 2))
	fmt.Printf("%q\n", strings.SplitAfter("a,b,c", ","))
	fmt.Println(strings.TrimFunc("123abc456", unicode.IsDigit), strings.TrimLeft("xxyxz", "xy"), strings.TrimPrefix("xxz", "x"))
	fmt.Println(strings.Map(func(r rune) rune {
		if r == 'a' {
			return -1
		}
		return unicode.ToUpper(r)
	}, "banana"))
	r := strings.NewReplacer("a", "1", "aa", "2", "b", "3")
	fmt.Println(r.Replace("aaab"))
	fmt.Println(strings.LastIndex("go gopher", "go"), strings.Count("cheese", "e"), strings.Compare("a", "b"))
}
