package main

import (
	"errors"
	"fmt"
	"io/fs"
)

type NotFound struct{ Key string }

func (e *NotFound) Error() string { return "not found: " + e.Key }

type Temporary interface {
	error
	Temporary() bool
}

type timeout struct{ op string }

func (t timeout) Error() string   { return t.op + ": timeout" }
func (t timeout) Temporary() bool { return true }

func lookup(k string) error {
	switch k {
	case "a":
		return nil
	case "b":
		return fmt.Errorf("lookup %q: %w", k, &NotFound{k})
	case "c":
		return fmt.Errorf("retry: %w", timeout{"dial"})
	}
	return errors.Join(errors.New("first"), &fs.PathError{Op: "open", Path: "/x", Err: fs.ErrNotExist})
}

func main() {
	for _, k := range []string{"a", "b", "c", "d"} {
		err := lookup(k)
		if nf, ok := errors.AsType[*NotFound](err); ok {
			fmt.Println(k, "NotFound key", nf.Key)
		}
		if t, ok := errors.AsType[Temporary](err); ok {
			fmt.Println(k, "temporary", t.Temporary(), t)
		}
		if pe, ok := errors.AsType[*fs.PathError](err); ok {
			fmt.Println(k, "path", pe.Op, pe.Path, errors.Is(err, fs.ErrNotExist))
		}
		_, ok := errors.AsType[*NotFound](err)
		fmt.Println(k, "any NotFound:", ok)
	}
}
