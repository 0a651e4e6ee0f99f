package main

import (
	"errors"
	"fmt"
)

type ValidationError struct {
	Field string
}

func (v ValidationError) Error() string { return "invalid " + v.Field }

func main() {
	errs := []error{ValidationError{"name"}, errors.New("plain"), nil}
	fmt.Println(errs)
	fmt.Printf("%v\n", errs[0])
	fmt.Printf("%+v %s %q\n", errs[0], errs[1], errs[1])
	wrapped := fmt.Errorf("save: %w", errs[0])
	fmt.Println(wrapped)
	byField := map[string]error{"b": ValidationError{"b"}, "a": nil}
	fmt.Println(byField)
	type result struct {
		N   int
		Err error
	}
	fmt.Printf("%+v\n", result{1, ValidationError{"n"}})
}
