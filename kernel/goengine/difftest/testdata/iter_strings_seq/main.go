package main

import (
	"fmt"
	"strings"
)

func main() {
	text := "first line\nsecond line\nthird"
	for line := range strings.Lines(text) {
		fmt.Printf("%q\n", line)
	}
	for part := range strings.SplitSeq("a,b,,c", ",") {
		fmt.Printf("[%s]", part)
	}
	fmt.Println()
	for f := range strings.FieldsSeq("  lots   of\tspace  ") {
		fmt.Printf("<%s>", f)
	}
	fmt.Println()
}
