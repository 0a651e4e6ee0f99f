package main

import (
	"errors"
	"fmt"
	"strconv"
)

type opError struct {
	Op  string
	Err error
}

func (e *opError) Error() string { return e.Op + ": " + e.Err.Error() }
func (e *opError) Unwrap() error { return e.Err }

type multi []error

func (m multi) Error() string   { return fmt.Sprintf("%d errors", len(m)) }
func (m multi) Unwrap() []error { return m }

type status int

func (s status) Error() string { return "status " + strconv.Itoa(int(s)) }

func parse(s string) (int, error) {
	n, err := strconv.Atoi(s)
	if err != nil {
		return 0, &opError{"parse", err}
	}
	return n, nil
}

func main() {
	_, err := parse("x1")
	fmt.Println(err)
	fmt.Printf("%v | %s | %q\n", err, err, err)
	var ne *strconv.NumError
	fmt.Println(errors.As(err, &ne), ne.Func, ne.Num, errors.Is(err, strconv.ErrSyntax))
	m := multi{status(404), &opError{"read", status(500)}, errors.New("plain")}
	fmt.Println(m, errors.Is(m, status(500)), errors.Is(m, status(501)))
	var st status
	fmt.Println(errors.As(m, &st), st)
	w := fmt.Errorf("outer: %w", m)
	fmt.Println(w, errors.Is(w, status(404)))
	fmt.Printf("%+v\n", []error{status(1), nil, &opError{"x", status(2)}})
	errs := map[string]error{"a": status(3)}
	fmt.Println(errs)
	type result struct {
		N   int
		Err error
	}
	fmt.Printf("%v %+v\n", result{1, status(4)}, result{2, nil})
}
