package main

import (
	"errors"
	"fmt"
)

// safeDiv turns a panic into an error through a named result.
func safeDiv(a, b int) (q int, err error) {
	defer func() {
		if r := recover(); r != nil {
			err = fmt.Errorf("recovered: %v", r)
			q = -1
		}
	}()
	return a / b, nil
}

// helperRecover does not stop a panic: recover is not called directly by
// the deferred function.
func helperRecover() any { return recover() }

func indirect() (out string) {
	defer func() {
		r := recover()
		out = fmt.Sprint("outer got: ", r)
	}()
	defer func() {
		fmt.Println("helper got:", helperRecover())
	}()
	panic("first")
}

// replaced: a panic in a deferred call replaces the first.
func replaced() (msg string) {
	defer func() { msg = fmt.Sprint(recover()) }()
	defer func() { panic("second") }()
	panic("first")
}

func order() {
	for i := range 3 {
		defer fmt.Print(i, " ")
	}
	defer fmt.Println()
	fmt.Print("body ")
}

var errSentinel = errors.New("sentinel")

func rethrow() (err error) {
	defer func() {
		if r := recover(); r != nil {
			if e, ok := r.(error); ok && errors.Is(e, errSentinel) {
				err = e
				return
			}
			panic(r)
		}
	}()
	panic(fmt.Errorf("wrapped: %w", errSentinel))
}

func main() {
	fmt.Println(safeDiv(7, 2))
	fmt.Println(safeDiv(7, 0))
	fmt.Println(indirect())
	fmt.Println(replaced())
	order()
	fmt.Println(rethrow())
	fmt.Println(recover())
}
