package main

import "fmt"

// range over a string: the byte index and the rune of each iteration,
// kept by closures and pointers.
func main() {
	var fs []func() string
	var runes []*rune
	for i, r := range "héllo, 世界" {
		if r == ',' || r == ' ' {
			continue
		}
		fs = append(fs, func() string { return fmt.Sprintf("%d:%c", i, r) })
		runes = append(runes, &r)
	}
	for _, f := range fs {
		fmt.Print(f(), " ")
	}
	fmt.Println()
	for _, p := range runes {
		fmt.Print(string(*p))
	}
	fmt.Println()
	deferIndexes("abc")
	fmt.Println()
}

func deferIndexes(s string) {
	for i := range s {
		defer func() { fmt.Print(i) }()
	}
}
