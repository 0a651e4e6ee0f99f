package main

import (
	"errors"
	"fmt"
)

type myErr struct{ code int }

func (e *myErr) Error() string { return fmt.Sprint("code ", e.code) }

func find(ok bool) error {
	var p *myErr
	if !ok {
		p = &myErr{4}
	}
	return p
}

func findNil(ok bool) error {
	if ok {
		return nil
	}
	return &myErr{5}
}

func mayPanic(n int) (res string, err error) {
	defer func() {
		if r := recover(); r != nil {
			switch x := r.(type) {
			case error:
				err = x
			case string:
				err = errors.New(x)
			default:
				err = fmt.Errorf("unknown %v", x)
			}
		}
	}()
	switch n {
	case 0:
		panic("boom")
	case 1:
		panic(&myErr{1})
	case 2:
		panic(42)
	case 3:
		var m map[int]int
		m[0] = 1
	}
	return "fine", nil
}

func main() {
	e := find(true)
	fmt.Println(e == nil, e != nil)
	fmt.Println(findNil(true) == nil)
	for i := 0; i < 5; i++ {
		fmt.Println(mayPanic(i))
	}
	var me *myErr
	err := fmt.Errorf("wrap: %w", &myErr{7})
	fmt.Println(errors.As(err, &me), me.code)
	func() {
		defer func() {
			r := recover()
			fmt.Println("outer recovered:", r)
		}()
		defer func() {
			panic("second")
		}()
		panic("first")
	}()
	fmt.Println(recover())
}
