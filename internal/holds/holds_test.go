package holds

import (
	"fmt"
	"testing"
)

type named struct{ xs []any }

type stringer []any

func (stringer) String() string { return "s" }

// Values that fmt would print without end, and values it prints.
func TestItself(t *testing.T) {
	loop := []any{nil}
	loop[0] = loop
	m := map[string]any{}
	m["m"] = m
	inStruct := named{xs: []any{nil}}
	inStruct.xs[0] = inStruct.xs
	viaMethod := stringer{nil}
	viaMethod[0] = viaMethod
	var deep any = 1
	for range maxNest + 1 {
		deep = []any{deep}
	}
	var shallow any = 1
	for range 100 {
		shallow = []any{shallow}
	}
	type node struct {
		next *node
		v    int
	}
	ring := &node{v: 1}
	ring.next = ring
	shared := []int{1, 2}
	for _, c := range []struct {
		name string
		v    any
		want bool
	}{
		{"a slice that holds itself", loop, true},
		{"a map that holds itself", m, true},
		{"a pointer to it", &loop, true},
		{"a struct's field", inStruct, true},
		{"nested past maxNest", deep, true},
		{"nested 100 deep", shallow, false},
		{"a String method prints it", viaMethod, false},
		{"a pointer cycle below the top", ring, false},
		{"a slice twice, side by side", []any{shared, shared}, false},
		{"nil", nil, false},
		{"a big []int", make([]int, 1<<20), false},
	} {
		if got := Itself(c.v); got != c.want {
			t.Errorf("%s: %v, want %v", c.name, got, c.want)
		}
		if !c.want {
			_ = fmt.Sprint(c.v) // fmt prints it
		}
	}
}
