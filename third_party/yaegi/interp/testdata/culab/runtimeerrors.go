// culab patch 32: panic(nil) and too short slice-to-array conversions are
// Go's run-time errors.
package main

import (
	"errors"
	"fmt"
	"runtime"
)

func try(f func()) {
	defer func() {
		r := recover()
		var re runtime.Error
		err, _ := r.(error)
		fmt.Println(r, errors.As(err, &re))
	}()
	f()
}

func main() {
	try(func() { panic(nil) })
	try(func() { var e error; panic(e) })
	try(func() { s := []int{1, 2}; _ = [3]int(s) })
	try(func() { s := []int{1, 2}; _ = (*[3]int)(s) })
	try(func() { s := []int{1, 2, 3}; a := [3]int(s); fmt.Println(a) })
	try(func() { var x any = "s"; _ = x.(int) })
}

// Output:
// panic called with nil argument true
// panic called with nil argument true
// runtime error: cannot convert slice with length 2 to array or pointer to array with length 3 true
// runtime error: cannot convert slice with length 2 to array or pointer to array with length 3 true
// [1 2 3]
// <nil> false
// interface conversion: interface {} is string, not int true
