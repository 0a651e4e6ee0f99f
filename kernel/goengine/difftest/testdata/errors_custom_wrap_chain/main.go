package main

import (
	"errors"
	"fmt"
)

type QueryError struct {
	Query string
	Err   error
}

func (e *QueryError) Error() string { return "query " + e.Query + ": " + e.Err.Error() }
func (e *QueryError) Unwrap() error { return e.Err }

type tempErr interface{ Temporary() bool }

type netErr struct{ temp bool }

func (n netErr) Error() string   { return fmt.Sprintf("net (temp=%v)", n.temp) }
func (n netErr) Temporary() bool { return n.temp }

var ErrNotFound = errors.New("not found")

func find(q string) error {
	switch q {
	case "missing":
		return &QueryError{q, ErrNotFound}
	case "flaky":
		return fmt.Errorf("retry: %w", &QueryError{q, netErr{true}})
	}
	return nil
}

func main() {
	for _, q := range []string{"missing", "flaky", "ok"} {
		err := find(q)
		var qe *QueryError
		var te tempErr
		fmt.Println(q, err, errors.Is(err, ErrNotFound), errors.As(err, &qe), errors.As(err, &te))
		if te != nil {
			fmt.Println("  temporary:", te.Temporary(), "query:", qe.Query)
		}
	}
	var nilQE *QueryError
	var err error = nilQE
	fmt.Println(err == nil, err != nil)
	wrapped := fmt.Errorf("l1: %w", fmt.Errorf("l2: %w", ErrNotFound))
	for e := error(wrapped); e != nil; e = errors.Unwrap(e) {
		fmt.Println(" -", e)
	}
}
