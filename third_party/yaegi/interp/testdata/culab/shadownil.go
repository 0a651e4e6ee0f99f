// culab patch 79: a variable named nil or iota is a variable.
package main

import "fmt"

func main() {
	var p *int
	fmt.Println(p == nil)
	{
		nil := 5
		fmt.Println(nil+1, nil*2)
		xs := []int{nil, 1}
		fmt.Println(xs)
	}
	const (
		a = iota
		b
	)
	iota := 7
	fmt.Println(iota+1, a, b)
	var m map[string]int
	fmt.Println(m == nil, []int(nil) == nil)
}

// Output:
// true
// 6 10
// [5 1]
// 8 0 1
// true true
