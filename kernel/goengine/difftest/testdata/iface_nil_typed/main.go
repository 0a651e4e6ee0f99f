package main

import (
	"errors"
	"fmt"
)

type myErr struct{}

func (*myErr) Error() string { return "my error" }

func mayFail(fail bool) error {
	var p *myErr
	if fail {
		p = &myErr{}
	}
	return p
}

func properly(fail bool) error {
	if fail {
		return &myErr{}
	}
	return nil
}

func main() {
	fmt.Println(mayFail(false) == nil, mayFail(true) == nil)
	fmt.Println(properly(false) == nil, properly(true) == nil)
	var e error
	fmt.Println(e == nil, errors.Is(e, nil))
	var s fmt.Stringer
	fmt.Printf("%v %T\n", s, s)
}
