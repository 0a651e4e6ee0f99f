package main

import (
	"errors"
	"fmt"
)

func safeDiv(a, b int) (q int, err error) {
	defer func() {
		if r := recover(); r != nil {
			err = fmt.Errorf("recovered: %v", r)
			q = -1
		}
	}()
	q = a / b
	return
}

func order() (s string) {
	for i := 0; i < 3; i++ {
		defer func(n int) { s += fmt.Sprint(n) }(i)
	}
	return "start:"
}

func rethrow() (err error) {
	defer func() {
		r := recover()
		err = fmt.Errorf("outer got %v", r)
	}()
	func() {
		defer func() {
			r := recover()
			panic(fmt.Sprint("re-", r))
		}()
		panic("first")
	}()
	return nil
}

var errSentinel = errors.New("sentinel")

func panicErr() (err error) {
	defer func() {
		if r := recover(); r != nil {
			if e, ok := r.(error); ok {
				err = e
			}
		}
	}()
	panic(fmt.Errorf("wrapped: %w", errSentinel))
}

func double() (n int) {
	defer func() { n *= 2 }()
	n = 3
	return n + 1
}

func main() {
	fmt.Println(safeDiv(7, 2))
	fmt.Println(safeDiv(1, 0))
	fmt.Println(order())
	fmt.Println(rethrow())
	err := panicErr()
	fmt.Println(err, errors.Is(err, errSentinel))
	fmt.Println(double())
	fmt.Println(recover())
}
