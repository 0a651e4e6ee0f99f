package main

import (
	"errors"
	"fmt"
	"io/fs"
)

type notFound struct{ key string }

func (e *notFound) Error() string { return "not found: " + e.key }

type codeErr int

func (c codeErr) Error() string { return fmt.Sprintf("code %d", int(c)) }

func (c codeErr) Is(target error) bool {
	t, ok := target.(codeErr)
	return ok && (t == 0 || t == c)
}

var errBase = errors.New("base")

func main() {
	j := errors.Join(errBase, &notFound{"k1"}, codeErr(7))
	fmt.Println(j)
	fmt.Println(errors.Is(j, errBase), errors.Is(j, codeErr(7)), errors.Is(j, codeErr(0)), errors.Is(j, codeErr(8)))
	var nf *notFound
	if errors.As(j, &nf) {
		fmt.Println("as:", nf.key)
	}
	var ce codeErr
	fmt.Println(errors.As(j, &ce), ce)
	w := fmt.Errorf("op: %w", fmt.Errorf("inner: %w", fs.ErrNotExist))
	fmt.Println(w, errors.Is(w, fs.ErrNotExist), errors.Unwrap(errors.Unwrap(w)) == fs.ErrNotExist)
	multi := fmt.Errorf("two: %w and %w", errBase, codeErr(3))
	fmt.Println(multi, errors.Is(multi, codeErr(3)), errors.Is(multi, codeErr(4)))
	fmt.Println(errors.Join(nil, nil) == nil)
	var target *fs.PathError
	fmt.Println(errors.As(w, &target))
}
