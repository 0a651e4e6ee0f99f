package main

import (
	"bytes"
	"fmt"
	"strings"
	"unicode"
)

func main() {
	for f := range strings.FieldsFuncSeq("a1b22c333", unicode.IsDigit) {
		fmt.Printf("%q ", f)
	}
	fmt.Println()
	for p := range strings.SplitAfterSeq("x,y,,z", ",") {
		fmt.Printf("%q ", p)
	}
	fmt.Println()
	for l := range bytes.Lines([]byte("one\ntwo\r\nthree")) {
		fmt.Printf("%q ", l)
	}
	fmt.Println()
	n := 0
	for w := range bytes.FieldsSeq([]byte("  warp  block\tgrid\n")) {
		n++
		fmt.Printf("%d:%s ", n, w)
		if n == 2 {
			break
		}
	}
	fmt.Println()
	for s := range bytes.SplitSeq([]byte("abc"), nil) {
		fmt.Print(string(s), "|")
	}
	fmt.Println()
	count := 0
	for range strings.SplitSeq("", ",") {
		count++
	}
	fmt.Println(count)
}
