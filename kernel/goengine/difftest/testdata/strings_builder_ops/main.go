package main

import (
	"fmt"
	"strings"
	"unicode"
)

func main() {
	var b strings.Builder
	b.Grow(16)
	for i := 0; i < 3; i++ {
		fmt.Fprintf(&b, "%d-", i)
	}
	b.WriteByte('|')
	b.WriteRune('é')
	n, _ := b.WriteString("end")
	fmt.Println(b.String(), b.Len(), n)
	b.Reset()
	fmt.Printf("%q %d\n", b.String(), b.Len())
	s := "  Hello, Gophers! Hello again.  "
	fmt.Println(strings.TrimSpace(s))
	fmt.Println(strings.Count(s, "Hello"), strings.Index(s, "Go"), strings.LastIndex(s, "Hello"))
	fmt.Println(strings.Replace(s, "Hello", "Bye", 1), strings.ReplaceAll(s, "l", "L"))
	fmt.Printf("%q\n", strings.Split("a,b,,c", ","))
	fmt.Printf("%q\n", strings.SplitN("a,b,,c", ",", 2))
	fmt.Printf("%q\n", strings.FieldsFunc("a1b22c333", unicode.IsDigit))
	fmt.Println(strings.Title("x"), strings.ToUpper("straße"), strings.EqualFold("Go", "GO"))
	fmt.Println(strings.Map(func(r rune) rune {
		if unicode.IsSpace(r) {
			return -1
		}
		return unicode.ToUpper(r)
	}, "a b\tc"))
	before, after, found := strings.Cut("key=value=x", "=")
	fmt.Println(before, after, found)
	fmt.Println(strings.TrimLeft("xxabcxx", "x"), strings.TrimPrefix("prefix-body", "prefix-"), strings.TrimFunc("123abc456", unicode.IsDigit))
	r := strings.NewReplacer("<", "&lt;", ">", "&gt;")
	fmt.Println(r.Replace("<a><b>"))
	fmt.Println(strings.Repeat("ab", 3), strings.HasSuffix("file.go", ".go"), strings.ContainsAny("hello", "xyz"), strings.ContainsRune("hello", 'l'))
	rd := strings.NewReader("abc")
	buf := make([]byte, 2)
	k, _ := rd.Read(buf)
	fmt.Println(k, string(buf[:k]), rd.Len())
}
