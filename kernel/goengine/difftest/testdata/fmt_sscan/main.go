package main

import "fmt"

func main() {
	var name string
	var age int
	var h float64
	n, err := fmt.Sscanf("ann 31 1.68", "%s %d %f", &name, &age, &h)
	fmt.Println(n, err, name, age, h)
	var a, b int
	n, err = fmt.Sscan("7 8", &a, &b)
	fmt.Println(n, err, a+b)
	n, err = fmt.Sscanf("x", "%d", &a)
	fmt.Println(n, err)
	var w1, w2 string
	fmt.Sscanln("one two\nthree", &w1, &w2)
	fmt.Println(w1, w2)
}
