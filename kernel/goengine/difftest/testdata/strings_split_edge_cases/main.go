package main

import (
	"fmt"
	"strings"
)

func main() {
	fmt.Printf("%q\n", strings.Split("a,b,,c,", ","))
	fmt.Printf("%q\n", strings.Split("abc", ""))
	fmt.Printf("%q\n", strings.Split("", ","))
	fmt.Printf("%q %q %q\n", strings.SplitN("a,b,c,d", ",", 2), strings.SplitN("a,b", ",", 0), strings.SplitN("a,b,c", ",", -1))
	fmt.Printf("%q\n", strings.SplitAfterN("1.2.3.4", ".", 3))
	fmt.Printf("%q\n", strings.Fields(" \t a\u00a0b\u2003c \n"))
	fmt.Println(strings.Count("cheese", "e"), strings.Count("five", ""), strings.Index("abc", ""), strings.LastIndex("abc", ""))
	fmt.Println(strings.TrimLeft("xxabcxx", "x"), strings.TrimPrefix("xxabc", "x"), strings.Trim("  ¡¡hi!! ", " !¡"))
	fmt.Println(strings.TrimFunc("123abc456", func(r rune) bool { return r >= '0' && r <= '9' }))
	fmt.Printf("%q %q\n", strings.Repeat("ab", 0), strings.Join(nil, ","))
	fmt.Println(strings.Replace("aaaa", "a", "b", 2), strings.Replace("abc", "", "-", -1))
	fmt.Println(strings.ContainsAny("gpu", ""), strings.ContainsRune("gpu", 'p'), strings.IndexAny("golang", "ny"))
	fmt.Println(strings.Compare("a", "b"), strings.HasSuffix("x", ""), strings.EqualFold("Straße", "STRASSE"))
	before, after, found := strings.Cut("k=v=w", "=")
	fmt.Println(before, after, found)
	fmt.Printf("%q\n", strings.Title("go is fun"))
}
