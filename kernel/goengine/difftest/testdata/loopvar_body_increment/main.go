package main

import "fmt"

// The body changes i; the next iteration's copy starts from the changed
// value, and each closure keeps the value of its own iteration.
func main() {
	var fs []func() int
	for i := 0; i < 6; i++ {
		i++
		fs = append(fs, func() int { return i })
	}
	for _, f := range fs {
		fmt.Println(f())
	}
}
