package main

import (
	"errors"
	"fmt"
)

func nestedRecover() (res string) {
	defer func() {
		func() {
			// recover called not directly by the deferred function: returns nil
			r := recover()
			res += fmt.Sprintf("inner:%v;", r)
		}()
		r := recover()
		res += fmt.Sprintf("outer:%v", r)
	}()
	panic("boom")
}

func repanic() (err error) {
	defer func() {
		if r := recover(); r != nil {
			err = fmt.Errorf("caught: %v", r)
		}
	}()
	defer func() {
		r := recover()
		panic(fmt.Sprint("again(", r, ")"))
	}()
	panic("first")
}

func replace() (msg string) {
	defer func() {
		msg = fmt.Sprint(recover())
	}()
	defer func() {
		panic(errors.New("second"))
	}()
	panic("first")
}

func noPanic() (r any, ok bool) {
	defer func() {
		r = recover()
		ok = r == nil
	}()
	return 5, false
}

func main() {
	fmt.Println(nestedRecover())
	fmt.Println(repanic())
	fmt.Println(replace())
	fmt.Println(recover())
	fmt.Println(noPanic())
}
