package main

import "fmt"

type Number interface {
	~int | ~int64 | ~float64
}

func Sum[T Number](xs ...T) T {
	var total T
	for _, x := range xs {
		total += x
	}
	return total
}

type Meters float64

type Count int

func main() {
	fmt.Println(Sum(1, 2, 3))
	fmt.Println(Sum(1.5, 2.25))
	fmt.Println(Sum[Meters](1.2, 3.4))
	c := Sum(Count(4), Count(5))
	fmt.Printf("%v %T\n", c, c)
	fmt.Println(Sum[int64]())
}
