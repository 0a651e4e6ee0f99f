package main

import "fmt"

type point struct{ x, y int }
type name string

func main() {
	var a, b any = point{1, 2}, point{1, 2}
	fmt.Println(a == b, a != point{2, 1})
	var c, d any = 1, int64(1)
	fmt.Println(c == d, c == 1, d == int64(1))
	var e, f any = name("x"), "x"
	fmt.Println(e == f, e == name("x"))
	p1, p2 := &point{1, 2}, &point{1, 2}
	var g, h any = p1, p2
	fmt.Println(g == h, g == any(p1))
	var s fmt.Stringer
	var n any
	fmt.Println(s == nil, n == nil, any(s) == n)
	var err error
	var perr *myErr
	fmt.Println(err == nil, perr == nil)
	err = perr
	fmt.Println(err == nil, err != nil)
	arr1, arr2 := [2]any{1, "a"}, [2]any{1, "a"}
	fmt.Println(arr1 == arr2)
}

type myErr struct{}

func (*myErr) Error() string { return "my" }
