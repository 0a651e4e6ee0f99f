package main

import (
	"fmt"
	"strconv"
)

type S struct {
	f   int
	err error
	b   bool
}

func two() (int, string) { return 5, "five" }

func main() {
	m := map[string]int{"a": 1}
	arr := [3]int{}
	sl := make([]int, 3)
	var s S
	p := &S{}
	var ok bool
	arr[0], ok = m["a"]
	sl[1], s.b = m["a"]
	var v any = 9
	arr[1], ok = v.(int)
	s.f, s.err = strconv.Atoi("42")
	p.f, p.err = strconv.Atoi("x")
	var strs [2]string
	sl[2], strs[1] = two()
	c := make(chan int, 1)
	c <- 3
	arr[2], ok = <-c
	mm := map[string][]int{"k": {0, 0}}
	mm["k"][1], ok = m["a"]
	fmt.Println(arr, sl, s, p.f, p.err != nil, strs, ok, mm)
	i := 0
	xs := []int{0, 0}
	for xs[i] = range 3 {
	}
	fmt.Println(xs)
}
