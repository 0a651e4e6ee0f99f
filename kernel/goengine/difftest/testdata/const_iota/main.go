package main

import "fmt"

type Weekday int

const (
	Sunday Weekday = iota
	Monday
	Tuesday
	Wednesday
)

const (
	_  = iota
	KB = 1 << (10 * iota)
	MB
	GB
)

const (
	a, b = iota, iota * 10
	c, d
	_, _
	e, f
)

const (
	x = "str"
	y
	z = iota
)

func main() {
	fmt.Println(Sunday, Tuesday, Wednesday)
	fmt.Println(KB, MB, GB)
	fmt.Println(a, b, c, d, e, f)
	fmt.Println(x, y, z)
	fmt.Printf("%T %T\n", Monday, KB)
}
