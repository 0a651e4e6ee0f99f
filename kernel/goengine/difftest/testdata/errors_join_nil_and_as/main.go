package main

import (
	"errors"
	"fmt"
	"io/fs"
)

type QuotaError struct{ Used, Limit int }

func (e *QuotaError) Error() string { return fmt.Sprintf("quota %d/%d", e.Used, e.Limit) }

var ErrOffline = errors.New("offline")

func check(step int) error {
	switch step {
	case 1:
		return &QuotaError{12, 10}
	case 2:
		return fmt.Errorf("step %d: %w", step, ErrOffline)
	}
	return nil
}

func main() {
	fmt.Println(errors.Join(nil, nil) == nil)
	var errs []error
	for step := range 4 {
		errs = append(errs, check(step))
	}
	err := errors.Join(errs...)
	fmt.Println(err)
	fmt.Println(errors.Is(err, ErrOffline), errors.Is(err, fs.ErrNotExist))
	var qe *QuotaError
	if errors.As(err, &qe) {
		fmt.Println("over by", qe.Used-qe.Limit)
	}
	both := fmt.Errorf("sync: %w; %w", ErrOffline, fs.ErrPermission)
	fmt.Println(both, errors.Is(both, fs.ErrPermission))
	if u, ok := err.(interface{ Unwrap() []error }); ok {
		fmt.Println(len(u.Unwrap()))
	}
}
