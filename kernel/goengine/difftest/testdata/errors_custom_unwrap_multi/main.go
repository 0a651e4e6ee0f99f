package main

import (
	"errors"
	"fmt"
	"io/fs"
	"os"
)

type validationError struct {
	field string
	errs  []error
}

func (v *validationError) Error() string {
	return fmt.Sprintf("%s: %d problems", v.field, len(v.errs))
}

func (v *validationError) Unwrap() []error { return v.errs }

type codeError struct{ code int }

func (c codeError) Error() string { return fmt.Sprintf("code %d", c.code) }

var errEmpty = errors.New("empty")

func main() {
	v := &validationError{"name", []error{errEmpty, codeError{42}}}
	wrapped := fmt.Errorf("save: %w", v)
	fmt.Println(wrapped)
	fmt.Println(errors.Is(wrapped, errEmpty))
	var ce codeError
	fmt.Println(errors.As(wrapped, &ce), ce.code)
	var ve *validationError
	fmt.Println(errors.As(wrapped, &ve), ve.field)
	two := fmt.Errorf("both: %w and %w", errEmpty, fs.ErrNotExist)
	fmt.Println(two, errors.Is(two, fs.ErrNotExist), errors.Unwrap(two) == nil)
	_, err := os.Open("/definitely/not/here")
	var pe *fs.PathError
	fmt.Println(errors.As(err, &pe), pe.Op, errors.Is(err, fs.ErrNotExist))
	fmt.Println(errors.Is(codeError{1}, codeError{1}), errors.Is(codeError{1}, codeError{2}))
}
