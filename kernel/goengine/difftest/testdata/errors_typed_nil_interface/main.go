package main

import (
	"errors"
	"fmt"
	"io"
)

type myErr struct{ msg string }

func (e *myErr) Error() string {
	if e == nil {
		return "nil myErr"
	}
	return e.msg
}

func find(fail bool) *myErr {
	if fail {
		return &myErr{"failed"}
	}
	return nil
}

func check(fail bool) error {
	return find(fail)
}

func checkFixed(fail bool) error {
	if e := find(fail); e != nil {
		return e
	}
	return nil
}

type closer struct{ name string }

func (c *closer) Close() error { return nil }

func main() {
	err := check(false)
	fmt.Println(err == nil, err)
	fmt.Println(checkFixed(false) == nil, checkFixed(true))
	var p *myErr
	var e error = p
	fmt.Println(e != nil, errors.Is(e, p))
	var target *myErr
	fmt.Println(errors.As(fmt.Errorf("w: %w", check(true)), &target), target.msg)
	var c *closer
	var ic io.Closer = c
	fmt.Println(ic != nil, ic.Close())
	var any1 any = p
	fmt.Println(any1 == nil, any1 != (*myErr)(nil))
	fmt.Printf("%v %T\n", e, e)
}
