package main

import (
	"errors"
	"fmt"
)

type myErr struct{ code int }

func (e *myErr) Error() string {
	if e == nil {
		return "nil myErr"
	}
	return fmt.Sprint("code ", e.code)
}

func find(fail bool) *myErr {
	if fail {
		return &myErr{7}
	}
	return nil
}

func check(fail bool) error {
	return find(fail)
}

func checkOK(fail bool) error {
	if e := find(fail); e != nil {
		return e
	}
	return nil
}

func main() {
	e1 := check(false)
	fmt.Println(e1 == nil, e1)
	e2 := checkOK(false)
	fmt.Println(e2 == nil, e2)
	var target *myErr
	fmt.Println(errors.As(check(true), &target), target.code)
	var pe *myErr
	var err error = pe
	fmt.Printf("%v %T %t\n", err, err, err != nil)
	wrapped := fmt.Errorf("wrap: %w", check(true))
	fmt.Println(wrapped, errors.Unwrap(wrapped) != nil)
	var x any
	fmt.Println(x == nil, x)
	x = (*int)(nil)
	fmt.Println(x == nil, x)
	var f func()
	x = f
	fmt.Println(x == nil)
}
