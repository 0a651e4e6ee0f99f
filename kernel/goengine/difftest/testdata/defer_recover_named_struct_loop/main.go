package main

import (
	"errors"
	"fmt"
)

type report struct {
	ok    []int
	fails map[int]string
}

func run(xs []int) (r report, err error) {
	r = report{fails: map[int]string{}}
	defer func() {
		if p := recover(); p != nil {
			err = fmt.Errorf("aborted: %v", p)
		}
		if len(r.fails) > 0 && err == nil {
			err = errors.New("some failed")
		}
	}()
	for _, x := range xs {
		switch {
		case x < 0:
			panic(fmt.Sprint("negative ", x))
		case x%2 == 1:
			r.fails[x] = "odd"
		default:
			r.ok = append(r.ok, x)
		}
	}
	return r, nil
}

func main() {
	for _, xs := range [][]int{{2, 4}, {1, 2, 3}, {2, -1, 4}, {}} {
		r, err := run(xs)
		fmt.Println(r.ok, len(r.fails), err)
	}
}
