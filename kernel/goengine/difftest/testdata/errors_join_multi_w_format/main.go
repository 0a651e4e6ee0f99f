package main

import (
	"errors"
	"fmt"
	"io/fs"
	"os"
)

type codeErr struct{ code int }

func (e *codeErr) Error() string { return fmt.Sprintf("code %d", e.code) }

var errQuota = errors.New("quota exceeded")

func main() {
	e1 := &codeErr{404}
	both := fmt.Errorf("request: %w; storage: %w", e1, errQuota)
	fmt.Println(both)
	fmt.Println(errors.Is(both, errQuota))
	var ce *codeErr
	fmt.Println(errors.As(both, &ce), ce.code)
	fmt.Println(errors.Unwrap(both) == nil)

	joined := errors.Join(errQuota, nil, e1)
	fmt.Printf("%q\n", joined.Error())
	if u, ok := joined.(interface{ Unwrap() []error }); ok {
		fmt.Println(len(u.Unwrap()))
	}
	fmt.Println(errors.Join(nil, nil) == nil)

	_, err := os.Open("/definitely/not/here")
	fmt.Println(errors.Is(err, fs.ErrNotExist), errors.Is(err, os.ErrNotExist))
	var pe *fs.PathError
	if errors.As(err, &pe) {
		fmt.Println(pe.Op, pe.Path)
	}
	wrapped := fmt.Errorf("ctx: %v", errQuota)
	fmt.Println(errors.Is(wrapped, errQuota), wrapped)
}
