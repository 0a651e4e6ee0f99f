package main

import (
	"errors"
	"fmt"
)

type result struct {
	vals []int
	ok   bool
}

func safeIndex(xs []int, i int) (v int, r result, err error) {
	defer func() {
		if p := recover(); p != nil {
			err = fmt.Errorf("index %d: %v", i, p)
			r.ok = false
			v = -1
		}
	}()
	r = result{vals: xs, ok: true}
	v = xs[i]
	return v * 10, r, nil
}

func counter() (n int) {
	defer func() {
		n++
	}()
	defer func() {
		n *= 2
	}()
	return 5
}

func errorShadow() (err error) {
	defer func() {
		if err != nil {
			err = fmt.Errorf("wrapped: %w", err)
		}
	}()
	if err := errors.New("inner"); err != nil {
		return err
	}
	return nil
}

func main() {
	fmt.Println(safeIndex([]int{1, 2, 3}, 1))
	fmt.Println(safeIndex([]int{1, 2, 3}, 5))
	fmt.Println(counter())
	err := errorShadow()
	fmt.Println(err, errors.Unwrap(err))
}
