package main

import (
	"errors"
	"fmt"
)

type inner struct {
	A int
	B []string
}

type outer struct {
	Name string
	In   inner
	M    map[string]int
	E    error
	F    func()
	I    any
}

func main() {
	o := outer{Name: "o", In: inner{1, []string{"x"}}, M: map[string]int{"b": 2, "a": 1}, E: errors.New("bad"), I: inner{2, nil}}
	fmt.Printf("%v\n", o)
	fmt.Printf("%+v\n", o)
	fmt.Printf("%v %+v\n", &o.In, &o.In)
	var z outer
	fmt.Printf("%v\n%+v\n", z, z)
	fmt.Printf("%#v\n", inner{3, []string{"q"}})
	fmt.Printf("%#v %#v %#v\n", []any{1, "a", nil}, map[string]bool{"t": true}, [2]bool{})
	fmt.Printf("%v|%s|%d\n", []*int{nil}, []error{nil, errors.New("e")}, []uint8{1, 2})
	fmt.Printf("%5v|%-6v|%06d\n", []int{1, 2}, true, -42)
	fmt.Printf("%x %X\n", inner{255, []string{"hi"}}, []int{10, 11})
}
