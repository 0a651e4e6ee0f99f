package main

import (
	"errors"
	"fmt"
)

type codeErr struct{ code int }

func (e codeErr) Error() string { return fmt.Sprint("code ", e.code) }

type timeoutErr struct{ op string }

func (e *timeoutErr) Error() string { return e.op + ": timeout" }
func (e *timeoutErr) Timeout() bool { return true }

func find(id int) error {
	switch id {
	case 1:
		return fmt.Errorf("find %d: %w", id, codeErr{404})
	case 2:
		return fmt.Errorf("find %d: %w", id, &timeoutErr{"dial"})
	}
	return nil
}

func main() {
	for id := range 3 {
		err := find(id)
		var te interface{ Timeout() bool }
		fmt.Println(id, err,
			errors.Is(err, codeErr{404}), errors.Is(err, codeErr{500}),
			errors.As(err, &te), errors.Is(err, errors.ErrUnsupported))
	}
	var ce codeErr
	if errors.As(find(1), &ce) {
		fmt.Println("code:", ce.code)
	}
	var tp *timeoutErr
	if errors.As(find(2), &tp) {
		fmt.Println("op:", tp.op, tp.Timeout())
	}
	e1 := codeErr{1}
	var e2 error = codeErr{1}
	fmt.Println(e2 == e1, e2 == error(codeErr{2}), errors.Unwrap(e2) == nil)
}
