package main

import "fmt"

func main() {
	s := []int{1, 2, 3, 4}
	a := [4]int(s)
	a[0] = 100
	fmt.Println(s, a)
	p := (*[2]int)(s)
	p[1] = 200
	fmt.Println(s, *p)
	b := [2]int(s[2:])
	fmt.Println(b)
	defer func() { fmt.Println("recovered:", recover()) }()
	_ = [8]int(s)
}
