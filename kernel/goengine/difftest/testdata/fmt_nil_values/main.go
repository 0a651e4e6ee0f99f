package main

import "fmt"

type T struct{ p *int }

func main() {
	var s []int
	var m map[string]int
	var p *int
	var e error
	var f func()
	var i any
	var ch chan int
	fmt.Println(s, m, p, e, i, f == nil, ch)
	fmt.Printf("%v %d %s %+v\n", s, s, s, T{})
	fmt.Printf("%#v %#v %#v\n", s, m, i)
	fmt.Println(len(s), cap(s), len(m), s == nil, m == nil)
	fmt.Printf("[%v] [%s] [%d]\n", nil, nil, nil)
}
