package main

import (
	"errors"
	"fmt"
)

type stepErr struct{ step int }

func (e stepErr) Error() string { return fmt.Sprintf("step %d failed", e.step) }

func inner() {
	defer fmt.Println("inner deferred 1")
	defer func() {
		if r := recover(); r != nil {
			fmt.Println("inner recovered:", r)
			panic(stepErr{2})
		}
	}()
	defer fmt.Println("inner deferred 2")
	panic(stepErr{1})
}

func outer() (err error) {
	defer func() {
		r := recover()
		if e, ok := r.(error); ok {
			err = fmt.Errorf("outer: %w", e)
		}
	}()
	inner()
	return nil
}

func helper() any { return recover() }

func notDirect() (got any) {
	defer func() {
		got = helper()
		recover()
	}()
	panic("x")
}

func main() {
	err := outer()
	fmt.Println(err)
	var se stepErr
	fmt.Println(errors.As(err, &se), se.step)
	fmt.Println("helper got:", notDirect())
}
