package main

import (
	"fmt"
	"strings"
)

func main() {
	fmt.Println(string(rune(65)), string(rune(0x4e16)), string(rune(-1)) == "\uFFFD", string(rune(0x10FFFF+1)) == "\uFFFD")
	s := "héllo, 世界"
	fmt.Println(len(s), len([]rune(s)), s[1], s[1:3], []byte(s[:3]))
	for i, r := range "aé世" {
		fmt.Print(i, ":", string(r), " ")
	}
	fmt.Println()
	b := []byte("abc")
	t := string(b)
	b[0] = 'X'
	fmt.Println(t, string(b))
	rs := []rune("añb")
	rs[1] = 'n'
	fmt.Println(string(rs), strings.ToUpper("straße"), strings.Title("go gpu"))
	var sb strings.Builder
	for i := 0; i < 3; i++ {
		fmt.Fprintf(&sb, "%d-", i)
	}
	fmt.Println(sb.String(), sb.Len())
	fmt.Printf("%q %+q %x %X % x\n", "é\t", "é", "hi", []byte("hi"), "hi")
	fmt.Println(strings.Compare("a", "b"), "abc" < "abd", "Z" < "a", strings.EqualFold("Go", "GO"))
}
