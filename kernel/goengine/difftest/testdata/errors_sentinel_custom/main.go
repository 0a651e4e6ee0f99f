package main

import (
	"errors"
	"fmt"
	"strconv"
)

type ParseError struct {
	Line int
	Err  error
}

func (p ParseError) Error() string { return "line " + strconv.Itoa(p.Line) + ": " + p.Err.Error() }
func (p ParseError) Unwrap() error { return p.Err }

var ErrEmpty = errors.New("empty input")

func parse(lines []string) (sum int, err error) {
	for i, l := range lines {
		if l == "" {
			return 0, ParseError{i + 1, ErrEmpty}
		}
		n, err := strconv.Atoi(l)
		if err != nil {
			return 0, ParseError{i + 1, err}
		}
		sum += n
	}
	return sum, nil
}

func main() {
	fmt.Println(parse([]string{"1", "2", "3"}))
	_, err := parse([]string{"1", "", "3"})
	fmt.Println(err, errors.Is(err, ErrEmpty))
	_, err = parse([]string{"x"})
	fmt.Println(err)
	var ne *strconv.NumError
	fmt.Println(errors.As(err, &ne), ne.Func, ne.Num, ne.Err == strconv.ErrSyntax)
}
