package main

import (
	"fmt"
	"time"
)

type ErrNegativeSqrt float64

func (e ErrNegativeSqrt) Error() string {
	return fmt.Sprintf("cannot Sqrt negative number: %v", float64(e))
}

func Sqrt(x float64) (float64, error) {
	if x < 0 {
		return 0, ErrNegativeSqrt(x)
	}
	z := 1.0
	for i := 0; i < 10; i++ {
		z -= (z*z - x) / (2 * z)
	}
	return z, nil
}

type MyError struct {
	When time.Time
	What string
}

func (e *MyError) Error() string {
	return fmt.Sprintf("at %v, %s", e.When.Format("2006-01-02"), e.What)
}

func run() error {
	return &MyError{time.Date(2009, 11, 10, 23, 0, 0, 0, time.UTC), "it didn't work"}
}

func main() {
	fmt.Println(Sqrt(2))
	fmt.Println(Sqrt(-2))
	if err := run(); err != nil {
		fmt.Println(err)
	}
	_, err := Sqrt(-4)
	if e, ok := err.(ErrNegativeSqrt); ok {
		fmt.Println("negative:", float64(e))
	}
	switch err.(type) {
	case *MyError:
		fmt.Println("my error")
	case ErrNegativeSqrt:
		fmt.Println("sqrt error")
	}
}
