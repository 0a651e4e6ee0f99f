package interp_test

import "testing"

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
