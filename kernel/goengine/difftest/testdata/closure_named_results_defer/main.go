package main

import (
	"errors"
	"fmt"
)

func divide(a, b int) (q int, err error) {
	defer func() {
		if r := recover(); r != nil {
			err = fmt.Errorf("recovered: %v", r)
			q = -1
		}
	}()
	q = a / b
	return
}

func counter() (inc func() int, get func() int) {
	n := 0
	inc = func() int { n++; return n }
	get = func() int { return n }
	return
}

func tripled(x int) (r int) {
	defer func() { r *= 3 }()
	return x + 1
}

func steps() (log []string) {
	for i := 0; i < 3; i++ {
		defer func() { log = append(log, fmt.Sprint("d", i)) }()
	}
	log = append(log, "body")
	return log
}

var errBad = errors.New("bad")

func check(n int) (err error) {
	defer func() {
		if err != nil {
			err = fmt.Errorf("check(%d): %w", n, err)
		}
	}()
	if n < 0 {
		return errBad
	}
	return nil
}

func main() {
	fmt.Println(divide(7, 2))
	fmt.Println(divide(1, 0))
	inc, get := counter()
	inc()
	inc()
	fmt.Println(get(), inc(), get())
	fmt.Println(tripled(4))
	fmt.Println(steps())
	fmt.Println(check(1), check(-1), errors.Is(check(-2), errBad))
	fs := map[string]func(int) int{
		"sq":  func(x int) int { return x * x },
		"neg": func(x int) int { return -x },
	}
	fmt.Println(fs["sq"](5), fs["neg"](5))
	compose := func(fs ...func(int) int) func(int) int {
		return func(x int) int {
			for _, f := range fs {
				x = f(x)
			}
			return x
		}
	}
	fmt.Println(compose(fs["sq"], fs["neg"], fs["sq"])(2))
}
