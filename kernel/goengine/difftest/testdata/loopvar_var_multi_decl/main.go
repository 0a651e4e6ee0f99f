package main

import "fmt"

// var declarations in a loop body are new variables at each iteration,
// whatever their form.
func main() {
	var fs []func() string
	words := map[int]string{0: "zero", 2: "two"}
	for i := 0; i < 3; i++ {
		var a, b = i, fmt.Sprint("n", i)
		var w, ok = words[i]
		var arr [2]int
		arr[0] = i
		var s struct{ n int }
		s.n = i * i
		fs = append(fs, func() string { return fmt.Sprint(a, b, w, ok, arr, s.n) })
	}
	for _, f := range fs {
		fmt.Println(f())
	}
}
