package main

import (
	"fmt"
	"strings"
)

func main() {
	s := "chicken and chickpeas"
	fmt.Println(strings.Contains(s, "chick"), strings.ContainsAny(s, "xyz"), strings.ContainsRune(s, 'k'))
	fmt.Println(strings.Index(s, "chick"), strings.LastIndex(s, "chick"), strings.Index(s, "duck"))
	fmt.Println(strings.IndexByte(s, 'a'), strings.IndexRune("héllo", 'l'), strings.IndexAny(s, "pk"))
	fmt.Println(strings.Count(s, "c"), strings.Count("five", ""))
	fmt.Println(strings.HasPrefix(s, "chi"), strings.HasSuffix(s, "peas"))
	fmt.Println(strings.EqualFold("Go", "GO"), strings.Compare("a", "b"))
	before, after, found := strings.Cut("key=value=more", "=")
	fmt.Println(before, after, found)
	rest, ok := strings.CutPrefix("v1.2.3", "v")
	fmt.Println(rest, ok)
	_, _, found = strings.Cut("nokey", "=")
	fmt.Println(found)
}
