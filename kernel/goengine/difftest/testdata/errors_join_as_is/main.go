package main

import (
	"errors"
	"fmt"
	"io/fs"
	"os"
)

type TempErr struct{ Op string }

func (e *TempErr) Error() string   { return e.Op + ": temporary" }
func (e *TempErr) Temporary() bool { return true }

// codeErr matches any codeErr of the same code with errors.Is.
type codeErr struct{ code int }

func (e codeErr) Error() string { return fmt.Sprintf("code %d", e.code) }
func (e codeErr) Is(target error) bool {
	t, ok := target.(codeErr)
	return ok && t.code == e.code
}

type temporary interface{ Temporary() bool }

func main() {
	base := &TempErr{"dial"}
	wrapped := fmt.Errorf("connect: %w", base)
	joined := errors.Join(wrapped, nil, codeErr{404}, fs.ErrNotExist)
	fmt.Println(joined)
	fmt.Println(errors.Is(joined, fs.ErrNotExist), errors.Is(joined, codeErr{404}), errors.Is(joined, codeErr{500}))
	var te *TempErr
	fmt.Println(errors.As(joined, &te), te.Op)
	var tmp temporary
	fmt.Println(errors.As(wrapped, &tmp), tmp.Temporary())
	both := fmt.Errorf("both: %w and %w", codeErr{1}, os.ErrPermission)
	fmt.Println(both, errors.Is(both, os.ErrPermission), errors.Is(both, codeErr{1}))
	fmt.Println(errors.Join(nil, nil) == nil, errors.Unwrap(both) == nil, errors.Unwrap(wrapped) == base)
	var ce codeErr
	fmt.Println(errors.As(both, &ce), ce.code)
	_, err := os.Open("/definitely/not/here")
	var pe *fs.PathError
	fmt.Println(errors.As(err, &pe), pe.Op, errors.Is(err, fs.ErrNotExist))
}
