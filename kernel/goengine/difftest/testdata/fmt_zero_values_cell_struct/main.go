package main

import "fmt"

type handler func(string) string

type cfg struct {
	Name   string
	Hooks  []handler
	Opts   map[string]int
	Next   *cfg
	Ch     chan int
	On     handler
	Extra  any
	Err    error
	Nested struct{ A []int }
}

type id int

type rec struct {
	IDs  []id
	Tags map[id]string
}

func main() {
	var c cfg
	fmt.Printf("%v\n%+v\n", c, c)
	var h handler
	fmt.Println(h == nil, c.On == nil, c.Ch == nil, c.Hooks == nil)
	var ids []id
	fmt.Printf("%v %d %#v %T\n", ids, ids, ids, ids)
	r := rec{IDs: []id{1, 2}, Tags: map[id]string{2: "b", 1: "a"}}
	fmt.Printf("%v %+v\n", r, r)
	fmt.Printf("%#v\n", r)
	var e error
	var s fmt.Stringer
	fmt.Printf("%v %v %d %s\n", e, s, []any{nil, e}, e)
	var pc *cfg
	fmt.Printf("%v %+v %s\n", pc, pc, pc)
}
