package main

import (
	"errors"
	"fmt"
)

type codeErr struct{ code int }

func (e codeErr) Error() string { return fmt.Sprintf("code %d", e.code) }

// Is matches any codeErr of the same hundred.
func (e codeErr) Is(target error) bool {
	t, ok := target.(codeErr)
	return ok && t.code/100 == e.code/100
}

type temporary interface{ Temporary() bool }

type netErr struct{ msg string }

func (e *netErr) Error() string   { return e.msg }
func (e *netErr) Temporary() bool { return true }

func main() {
	err := fmt.Errorf("loading: %w", codeErr{404})
	fmt.Println(errors.Is(err, codeErr{400}), errors.Is(err, codeErr{500}))

	var te temporary
	wrapped := fmt.Errorf("dial: %w", &netErr{"timeout"})
	if errors.As(wrapped, &te) {
		fmt.Println("temporary:", te.Temporary(), te.(error).Error())
	}
	var ce codeErr
	fmt.Println(errors.As(err, &ce), ce.code)
	fmt.Println(errors.Unwrap(errors.Unwrap(err)) == nil)
}
