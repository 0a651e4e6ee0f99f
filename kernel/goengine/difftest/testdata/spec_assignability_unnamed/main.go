package main

import "fmt"

type IntList []int

func (l IntList) Sum() (s int) {
	for _, v := range l {
		s += v
	}
	return
}

type Handler func(string) int

type Point struct{ X, Y int }

type Queue chan int

func apply(h Handler, s string) int { return h(s) }

func main() {
	var l IntList = []int{1, 2, 3}
	raw := []int{4, 5}
	l = raw
	raw[0] = 40
	fmt.Println(l.Sum(), l)
	var back []int = l
	fmt.Println(back)
	fmt.Println(apply(func(s string) int { return len(s) }, "abcd"))
	var h Handler = func(s string) int { return -len(s) }
	var plain func(string) int = h
	fmt.Println(plain("xy"))
	var anon struct{ X, Y int } = Point{1, 2}
	var p Point = anon
	fmt.Println(anon, p)
	var q Queue = make(chan int, 1)
	var recv <-chan int = q
	q <- 3
	fmt.Println(<-recv)
	var m map[string]IntList = map[string]IntList{"a": {1}}
	var arr [2]IntList = [2]IntList{{1}, {2, 3}}
	fmt.Println(m["a"].Sum(), arr[1].Sum(), IntList(nil).Sum())
	var e any = l
	_, isSlice := e.([]int)
	_, isList := e.(IntList)
	fmt.Println(isSlice, isList)
}
