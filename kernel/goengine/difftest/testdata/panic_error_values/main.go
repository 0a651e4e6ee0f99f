package main

import (
	"errors"
	"fmt"
)

var ErrBad = errors.New("bad thing")

type codeErr struct{ code int }

func (c codeErr) Error() string { return fmt.Sprint("code ", c.code) }

func run(f func()) (err error) {
	defer func() {
		switch r := recover().(type) {
		case nil:
		case error:
			err = fmt.Errorf("panic: %w", r)
		default:
			err = fmt.Errorf("panic: %v", r)
		}
	}()
	f()
	return nil
}

func main() {
	err := run(func() { panic(ErrBad) })
	fmt.Println(err, errors.Is(err, ErrBad))
	err = run(func() { panic(codeErr{7}) })
	var ce codeErr
	fmt.Println(err, errors.As(err, &ce), ce.code)
	fmt.Println(run(func() { panic([]int{1}) }))
	fmt.Println(run(func() {}))
}
