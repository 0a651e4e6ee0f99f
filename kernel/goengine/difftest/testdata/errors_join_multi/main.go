package main

import (
	"errors"
	"fmt"
)

var (
	ErrA = errors.New("a failed")
	ErrB = errors.New("b failed")
)

func main() {
	j := errors.Join(ErrA, nil, ErrB)
	fmt.Println(j)
	fmt.Printf("%q\n", j.Error())
	fmt.Println(errors.Is(j, ErrA), errors.Is(j, ErrB))
	fmt.Println(errors.Join(nil, nil) == nil)
	both := fmt.Errorf("both: %w and %w", ErrA, ErrB)
	fmt.Println(both, errors.Is(both, ErrB))
	if u, ok := both.(interface{ Unwrap() []error }); ok {
		fmt.Println(len(u.Unwrap()))
	}
}
