package main

import "fmt"

func main() {
	x := 1
	double := func() { x *= 2 }
	show := func() string { return fmt.Sprint("x=", x) }
	double()
	double()
	fmt.Println(show())
	x = 100
	fmt.Println(show())
	adders := make([]func(int) int, 3)
	for i := range adders {
		base := i * 100
		adders[i] = func(n int) int { base += n; return base }
	}
	fmt.Println(adders[0](1), adders[0](1), adders[2](5))
}
