package interp_test

import (
	"strings"
	"testing"

	"github.com/traefik/yaegi/interp"
	"github.com/traefik/yaegi/stdlib"
)

// culab patch 140: reflect.DeepEqual of cell values with methods, in
// anys and given directly.
func TestDeepEqualCellValues(t *testing.T) {
	got := evalMain(t, `package main

import (
	"fmt"
	"reflect"
)

type point struct{ X, Y int }

func (p point) String() string { return fmt.Sprintf("(%d,%d)", p.X, p.Y) }

type named []string

func (n named) Len() int { return len(n) }

type tree struct {
	Val  any
	Kids []*tree
}

func main() {
	var x, y any = point{1, 2}, point{1, 2}
	fmt.Println(reflect.DeepEqual(x, y), reflect.DeepEqual(x, any(point{2, 1})))
	fmt.Println(reflect.DeepEqual([]any{x, 1}, []any{y, 1}))
	fmt.Println(reflect.DeepEqual(named{"a"}, named{"a"}), reflect.DeepEqual(named{"a"}, []string{"a"}))
	t1 := &tree{point{1, 1}, []*tree{{Val: 2}}}
	t2 := &tree{point{1, 1}, []*tree{{Val: 2}}}
	fmt.Println(reflect.DeepEqual(t1, t2))
	t2.Kids[0].Val = point{}
	fmt.Println(reflect.DeepEqual(t1, t2))
	t1.Kids = append(t1.Kids, t1)
	t2.Kids = []*tree{{Val: 2}, t2}
	fmt.Println(reflect.DeepEqual(t1, t2))
}
`)
	if want := "true false\ntrue\ntrue false\ntrue\nfalse\ntrue\n"; got != want {
		t.Errorf("got:\n%swant:\n%s", got, want)
	}
}

// culab patch 140 compares anys level by level: past 10000 levels it
// panics with a *StackOverflow, which recover catches, instead of ending
// the process with Go's fatal stack overflow (v = []any{v} in a loop).
func TestDeepEqualOfDeepValue(t *testing.T) {
	i := interp.New(interp.Options{})
	if err := i.Use(stdlib.Symbols); err != nil {
		t.Fatal(err)
	}
	_, err := i.Eval(`import ("fmt"; "reflect")
func nested(n int) any {
	var v any = 0
	for i := 0; i < n; i++ {
		v = []any{v}
	}
	return v
}
func equal(a, b any) (eq bool, err error) {
	defer func() {
		if r := recover(); r != nil {
			err = r.(error)
		}
	}()
	return reflect.DeepEqual(a, b), nil
}`)
	if err != nil {
		t.Fatal(err)
	}
	for code, want := range map[string]string{
		"equal(nested(1000000), nested(1000000))": "stack overflow: recursion deeper than 10000 calls in reflect.DeepEqual",
		"equal(nested(5000), nested(5000))":       "true <nil>",
	} {
		v, err := i.Eval("fmt.Sprint(" + code + ")")
		if err != nil {
			t.Fatalf("%s: %v", code, err)
		}
		if !strings.Contains(v.String(), want) {
			t.Errorf("%s: %s, want …%s…", code, v.String(), want)
		}
	}
}
