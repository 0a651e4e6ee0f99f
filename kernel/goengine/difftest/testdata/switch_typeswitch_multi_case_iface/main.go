package main

import (
	"errors"
	"fmt"
	"io"
)

type myErr struct{ code int }

func (e *myErr) Error() string { return fmt.Sprint("code ", e.code) }

// In a case with several types the variable has the switch operand's
// type; in a case of one type, that type.
func kind(x any) string {
	switch v := x.(type) {
	case nil:
		return "nil"
	case int, int64:
		return fmt.Sprintf("integer %v (%T)", v, v)
	case error:
		return "error " + v.Error()
	case fmt.Stringer:
		return "stringer " + v.String()
	case []int:
		return fmt.Sprint("ints ", len(v))
	case func() int:
		return fmt.Sprint("func ", v())
	default:
		return fmt.Sprintf("other %T", v)
	}
}

type name string

func (n name) String() string { return "name " + string(n) }

func main() {
	var e error = &myErr{7}
	for _, x := range []any{nil, 3, int64(4), e, io.EOF, name("ann"), []int{1, 2}, func() int { return 9 }, 2.5, errors.New("plain")} {
		fmt.Println(kind(x))
	}
	var target *myErr
	wrapped := fmt.Errorf("wrap: %w", e)
	fmt.Println(errors.As(wrapped, &target), target.code, errors.Is(wrapped, e))
}
