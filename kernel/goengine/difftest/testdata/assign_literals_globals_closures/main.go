package main

import "fmt"

type pt struct{ x, y int }

var g pt
var ga [2]int
var gm map[string]int

func setG() { g = pt{1, 2}; ga = [2]int{3, 4}; gm = map[string]int{"a": 1} }

func main() {
	p := &g
	pa := &ga
	setG()
	fmt.Println(*p, *pa, gm)
	x := pt{}
	px := &x
	func() { x = pt{5, 5} }()
	fmt.Println(*px)
	arr := [2]int{}
	parr := &arr
	func() { arr = [2]int{6, 6} }()
	fmt.Println(*parr)
	for i := 0; i < 2; i++ {
		x = pt{i, i}
	}
	fmt.Println(*px)
	var fs []func() pt
	for i := 0; i < 2; i++ {
		v := pt{i, 0}
		v = pt{i, 1}
		fs = append(fs, func() pt { return v })
	}
	fmt.Println(fs[0](), fs[1]())
	var ms []func() [1]int
	for i := 0; i < 2; i++ {
		a := [1]int{}
		a = [1]int{i}
		ms = append(ms, func() [1]int { return a })
	}
	fmt.Println(ms[0](), ms[1]())
}
