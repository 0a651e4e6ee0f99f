package main

import (
	"errors"
	"fmt"
)

type NotFound struct {
	Key string
}

func (e NotFound) Error() string { return "not found: " + e.Key }

type Timeout struct{ seconds int }

func (t *Timeout) Error() string { return fmt.Sprintf("timeout after %ds", t.seconds) }

func find(key string) error {
	if key == "" {
		return &Timeout{3}
	}
	return NotFound{key}
}

func main() {
	err := fmt.Errorf("lookup: %w", NotFound{"a"})
	fmt.Println(err)
	fmt.Println(errors.Unwrap(err) != nil, errors.Unwrap(err))
	for _, k := range []string{"b", ""} {
		err := find(k)
		fmt.Printf("%v | %+v | %T\n", err, err, err)
		wrapped := fmt.Errorf("find %q: %w", k, err)
		fmt.Printf("%v | %T\n", wrapped, errors.Unwrap(wrapped))
	}
	errs := []error{NotFound{"c"}, &Timeout{1}, nil}
	fmt.Printf("%v %d\n", errs, len(errs))
	fmt.Printf("%+v\n", struct {
		Op  string
		Err error
	}{"read", NotFound{"d"}})
}
