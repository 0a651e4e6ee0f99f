package main

import (
	"fmt"
	"strings"
)

const config = `name = culab
# a comment
port=8888
debug
path = /tmp/x=y
`

func main() {
	for line := range strings.Lines(config) {
		line = strings.TrimSpace(line)
		if rest, ok := strings.CutPrefix(line, "#"); ok {
			fmt.Printf("comment %q\n", strings.TrimSpace(rest))
			continue
		}
		key, value, found := strings.Cut(line, "=")
		fmt.Printf("%q %q %v\n", strings.TrimSpace(key), strings.TrimSpace(value), found)
	}
	file, ok := strings.CutSuffix("report.csv", ".csv")
	fmt.Println(file, ok)
	_, ok = strings.CutSuffix("report.csv", ".txt")
	fmt.Println(ok)
	n := 0
	for part := range strings.SplitSeq("a,b,,c", ",") {
		n++
		fmt.Printf("[%s]", part)
	}
	fmt.Println(n)
	for f := range strings.FieldsSeq("  go   is\tfun ") {
		fmt.Print(strings.ToUpper(f), ".")
	}
	fmt.Println()
}
