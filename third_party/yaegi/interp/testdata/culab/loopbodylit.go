package main

import "fmt"

// culab patch 68: a slice, array or map literal declared in a loop body
// is a new variable at each iteration, for closures and pointers.

func main() {
	var fs []func() string
	var arrs []*[2]int
	for i := 0; i < 3; i++ {
		xs := []int{i}
		var m = map[string]int{"i": i}
		a := [2]int{i, -i}
		arrs = append(arrs, &a)
		fs = append(fs, func() string { return fmt.Sprint(xs, m, a) })
	}
	for _, f := range fs {
		fmt.Println(f())
	}
	fmt.Println(*arrs[0], *arrs[2])
}

// Output:
// [0] map[i:0] [0 0]
// [1] map[i:1] [1 -1]
// [2] map[i:2] [2 -2]
// [0 0] [2 -2]
