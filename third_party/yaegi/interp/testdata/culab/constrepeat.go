// culab patch 30: implicit repetition in a const block with several names.
package main

import "fmt"

type W int

const (
	a, b W = iota, iota * 10
	c, d
	_, _
	e, f
)

const (
	p = iota * 2
	q
	_
	r
)

func main() {
	fmt.Println(a, b, c, d, e, f, p, q, r)
}

// Output:
// 0 0 1 10 3 30 0 2 6
