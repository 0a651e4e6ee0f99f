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

func steps() (out []string) {
	for i := 0; i < 3; i++ {
		defer func(k int) { out = append(out, fmt.Sprint("defer", k)) }(i)
	}
	out = append(out, "body")
	return out
}

func tripled() (n int) {
	defer func() { n *= 3 }()
	return 7
}

func cleanup() (err error) {
	defer func() {
		err = errors.Join(err, errors.New("close failed"))
	}()
	return errors.New("write failed")
}

func main() {
	fmt.Println(divide(7, 2))
	fmt.Println(divide(1, 0))
	fmt.Println(steps())
	fmt.Println(tripled())
	fmt.Println(cleanup())
}
