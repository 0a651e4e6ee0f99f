package main

import (
	"fmt"
	"strings"
)

func main() {
	s := "  The Go Programming Language  "
	t := strings.TrimSpace(s)
	fmt.Printf("%q\n", t)
	fmt.Println(strings.ToUpper(t), strings.ToLower(t))
	fmt.Println(strings.Fields(t), len(strings.Fields(s)))
	fmt.Printf("%q\n", strings.Split("a,b,,c", ","))
	fmt.Printf("%q\n", strings.SplitN("a,b,c,d", ",", 2))
	fmt.Printf("%q\n", strings.SplitAfter("a.b.c", "."))
	fmt.Println(strings.Join([]string{"x", "y", "z"}, "-"))
	fmt.Println(strings.Repeat("ab", 3), strings.Replace("oink oink oink", "k", "ky", 2), strings.ReplaceAll("aaa", "a", "b"))
	fmt.Println(strings.Trim("xxhixx", "x"), strings.TrimLeft("001200", "0"), strings.TrimRight("001200", "0"))
	fmt.Println(strings.TrimPrefix("prefix-body", "prefix-"), strings.TrimSuffix("file.go", ".go"))
	fmt.Println(strings.Title("deprecated but stable"))
}
