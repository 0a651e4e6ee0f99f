package main

import (
	"errors"
	"fmt"
)

func divide(a, b int) (q int, err error) {
	defer func() {
		if r := recover(); r != nil {
			err = fmt.Errorf("recovered: %v", r)
			q = -1
		}
	}()
	q = a / b
	return
}

func tripled() (n int) {
	defer func() { n *= 3 }()
	n = 2
	return n + 1
}

func wrap() (err error) {
	defer func() {
		if err != nil {
			err = errors.Join(errors.New("context"), err)
		}
	}()
	return errors.New("root")
}

func main() {
	fmt.Println(divide(7, 2))
	fmt.Println(divide(1, 0))
	fmt.Println(tripled())
	fmt.Printf("%q\n", wrap().Error())
}
