package main

import "fmt"

func double(a [3]int) [3]int {
	for i := range a {
		a[i] *= 2
	}
	return a
}

func doubleInPlace(a *[3]int) {
	for i := range a {
		a[i] *= 2
	}
}

func main() {
	a := [3]int{1, 2, 3}
	b := a
	b[0] = 100
	fmt.Println(a, b, a == b)
	c := double(a)
	fmt.Println(a, c)
	doubleInPlace(&a)
	fmt.Println(a, a == c)
	grid := [2][2]string{{"a", "b"}, {"c", "d"}}
	g2 := grid
	g2[1][1] = "z"
	fmt.Println(grid, g2, len(grid))
	idx := [...]string{2: "two", 5: "five"}
	fmt.Printf("%q %d\n", idx, len(idx))
	type rec struct{ vals [2]int }
	r1 := rec{[2]int{1, 2}}
	r2 := r1
	r2.vals[0] = 9
	fmt.Println(r1, r2)
}
