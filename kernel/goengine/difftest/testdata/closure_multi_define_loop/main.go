package main

import "fmt"

// := of several values in a loop body declares new variables at each
// iteration; a redeclared one is the same variable within the iteration.
func main() {
	var get []func() (int, int)
	var ptrs []*int
	for i := 0; i < 3; i++ {
		a, b := i, i*10
		get = append(get, func() (int, int) { return a, b })
		c, b := i+100, b+1
		ptrs = append(ptrs, &b, &c)
	}
	for _, g := range get {
		x, y := g()
		fmt.Print(x, ",", y, " ")
	}
	fmt.Println()
	for _, p := range ptrs {
		fmt.Print(*p, " ")
	}
	fmt.Println()

	x, y := 1, 2
	swap := func() { x, y = y, x }
	y, z := x+y, 9
	swap()
	fmt.Println(x, y, z)
}
