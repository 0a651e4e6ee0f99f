// culab patch 78: a := of several values assigns a variable it
// redeclares, after evaluating all the values.
package main

import (
	"errors"
	"fmt"
)

func main() {
	x1, y1 := 1, 2
	k := func() int { return y1 }
	x2, y1 := 3, 4
	fmt.Println(k(), x1, x2)

	y := 10
	p := &y
	y, a := 1, y
	fmt.Println(y, a, *p)

	var err error
	q := &err
	n, err := 3, errors.New("boom")
	fmt.Println(n, *q)

	u := 1
	{
		u, z := 5, 6
		fmt.Println(u, z)
	}
	fmt.Println(u)
}

// Output:
// 4 1 3
// 1 10 1
// 3 boom
// 5 6
// 1
