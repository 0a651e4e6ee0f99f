package interp_test

import "testing"

// culab patch 95: nil passed with ... is a nil slice of the variadic
// parameter's type, and make of a directional channel type is a channel
// of that type.
func TestNilEllipsisAndDirectionalMake(t *testing.T) {
	src := `package main

import (
	"fmt"
	"strings"
)

type T struct{}

func count(xs ...int) int { return len(xs) }

func (T) isNil(xs ...string) bool { return xs == nil }

func main() {
	var s []int
	s = append(s, nil...)
	fmt.Println(len(append([]string(nil), nil...)), s == nil, strings.Join(append([]string{"a"}, nil...), ","))
	fmt.Println(count(nil...), T{}.isNil(nil...))
	fmt.Println(nil...)
	c := make(chan<- int, 1)
	r := make(<-chan string)
	c <- 1
	fmt.Printf("%T %T %d %d\n", c, r, len(c), cap(r))
}
`
	want := "0 true a\n0 true\n\nchan<- int <-chan string 1 0\n"
	if got := evalMain(t, src); got != want {
		t.Errorf("got:\n%swant:\n%s", got, want)
	}
}
