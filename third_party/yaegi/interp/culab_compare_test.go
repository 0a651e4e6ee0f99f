package interp_test

import (
	"fmt"
	"strings"
	"testing"

	"github.com/traefik/yaegi/interp"
)

// culab patch 36: a comparison of an unnamed composite type with a named
// type of the same underlying type is valid, as in Go; two different named
// types, or different underlying types, stay mismatched.
func TestCompareUnnamedWithNamed(t *testing.T) {
	decls := "type P struct{ X, Y int }\ntype Q struct{ X, Y int }\ntype A [2]int\n"
	for _, c := range []struct{ code, want string }{
		{"struct{ X, Y int }{1, 2} == P{1, 2}", "true"},
		{"P{1, 3} != struct{ X, Y int }{1, 2}", "true"},
		{"A{1, 2} == [2]int{1, 2}", "true"},
		{"[2]int{1, 3} == A{1, 2}", "false"},
		{"p := &P{}; var q *struct{ X, Y int } = (*struct{ X, Y int })(p); q == p", "true"},
		{"P{} == Q{}", "mismatched types"},
		{"struct{ X int }{} == P{}", "mismatched types"},
		{"[3]int{} == A{}", "mismatched types"},
	} {
		i := interp.New(interp.Options{})
		if _, err := i.Eval(decls); err != nil {
			t.Fatal(err)
		}
		v, err := i.Eval(c.code)
		got := ""
		if err != nil {
			got = err.Error()
		} else {
			got = fmt.Sprint(v)
		}
		if !strings.Contains(got, c.want) {
			t.Errorf("%s: %q, want %q", c.code, got, c.want)
		}
	}
}
