package main

import "fmt"

// Each iteration of a three-clause loop has its own i (Go 1.22), so the
// closures remember 0, 1, 2.
func main() {
	var fs []func() int
	for i := 0; i < 3; i++ {
		fs = append(fs, func() int { return i * 10 })
	}
	for _, f := range fs {
		fmt.Println(f())
	}
}
