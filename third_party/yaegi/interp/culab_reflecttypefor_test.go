package interp_test

import "testing"

// culab patch 106: reflect.TypeFor (Go 1.22), generic, is source next to
// the compiled reflect.
func TestReflectTypeFor(t *testing.T) {
	src := `package main

import (
	"fmt"
	"reflect"
)

type point struct{ X, Y int }

func main() {
	var t reflect.Type = reflect.TypeFor[[]string]()
	fmt.Println(reflect.TypeFor[int](), t.Kind() == reflect.Slice, reflect.TypeFor[error]().Kind())
	fmt.Println(reflect.TypeFor[point]().NumField(), reflect.ValueOf(point{1, 2}).Field(1))
}
`
	want := "int true interface\n2 2\n"
	if got := evalMain(t, src); got != want {
		t.Errorf("got:\n%swant:\n%s", got, want)
	}
}
