package main

import (
	"errors"
	"fmt"
	"io/fs"
	"os"
)

type ValidationError struct {
	Field string
	Err   error
}

func (v *ValidationError) Error() string { return v.Field + ": " + v.Err.Error() }
func (v *ValidationError) Unwrap() error { return v.Err }

var ErrEmpty = errors.New("empty")
var ErrRange = errors.New("out of range")

type codeErr int

func (c codeErr) Error() string { return fmt.Sprintf("code %d", int(c)) }
func (c codeErr) Is(target error) bool {
	t, ok := target.(codeErr)
	return ok && (t == 0 || t == c)
}

func validate(name string, age int) error {
	var errs []error
	if name == "" {
		errs = append(errs, &ValidationError{"name", ErrEmpty})
	}
	if age < 0 || age > 150 {
		errs = append(errs, &ValidationError{"age", fmt.Errorf("%d: %w", age, ErrRange)})
	}
	return errors.Join(errs...)
}

func main() {
	fmt.Println(validate("bob", 30) == nil)
	err := validate("", 200)
	fmt.Println(err)
	fmt.Println(errors.Is(err, ErrEmpty), errors.Is(err, ErrRange), errors.Is(err, fs.ErrNotExist))
	var ve *ValidationError
	if errors.As(err, &ve) {
		fmt.Println("first:", ve.Field)
	}
	e := fmt.Errorf("op: %w", codeErr(404))
	fmt.Println(errors.Is(e, codeErr(404)), errors.Is(e, codeErr(0)), errors.Is(e, codeErr(500)))
	var ce codeErr
	fmt.Println(errors.As(e, &ce), int(ce))
	_, ferr := os.Open("/nonexistent/x")
	both := errors.Join(ferr, codeErr(1))
	fmt.Println(errors.Is(both, fs.ErrNotExist), errors.Is(both, codeErr(1)))
	var pe *fs.PathError
	fmt.Println(errors.As(both, &pe), pe.Op)
	fmt.Println(errors.Unwrap(e) == codeErr(404))
	multi := fmt.Errorf("%w and %w", ErrEmpty, &ValidationError{"x", ErrRange})
	fmt.Println(multi, errors.Is(multi, ErrRange))
}
