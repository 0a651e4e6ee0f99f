package main

import (
	"errors"
	"fmt"
)

type shape interface{ area() int }
type sq int

func (s sq) area() int { return int(s * s) }

func check(i int) (err error) {
	if i == 0 {
		err = errors.New("zero")
	}
	return
}

func pick(i int) (s shape) {
	if i == 1 {
		s = sq(3)
	}
	return
}

func anyOf(i int) (v any) {
	if i == 0 {
		v = "first"
	}
	return
}

func main() {
	for i := 0; i < 3; i++ {
		e := check(i)
		fmt.Println(i, e, pick(i), anyOf(i))
	}
	var e error
	var s shape
	for i := 0; i < 2; i++ {
		e = check(i)
		s = pick(i)
		fmt.Println(e, s)
	}
	for i := 0; i < 2; i++ {
		if err := check(i); err != nil {
			fmt.Println("err", i)
		} else {
			fmt.Println("ok", i)
		}
	}
}
