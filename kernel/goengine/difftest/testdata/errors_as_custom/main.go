package main

import (
	"errors"
	"fmt"
)

type HTTPError struct {
	Code int
	Msg  string
}

func (e *HTTPError) Error() string { return fmt.Sprintf("%d %s", e.Code, e.Msg) }

type TempError interface {
	Temporary() bool
}

type timeout struct{}

func (timeout) Error() string   { return "timeout" }
func (timeout) Temporary() bool { return true }

func fetch(n int) error {
	switch n {
	case 0:
		return fmt.Errorf("fetch: %w", &HTTPError{404, "not found"})
	case 1:
		return fmt.Errorf("fetch: %w", timeout{})
	}
	return nil
}

func main() {
	for n := 0; n < 3; n++ {
		err := fetch(n)
		var he *HTTPError
		var te TempError
		switch {
		case errors.As(err, &he):
			fmt.Println("http", he.Code, err)
		case errors.As(err, &te):
			fmt.Println("temporary", te.Temporary(), err)
		default:
			fmt.Println("no error", err)
		}
	}
}
