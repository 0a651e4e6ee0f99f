package interp_test

import (
	"strings"
	"testing"

	"github.com/traefik/yaegi/interp"
	"github.com/traefik/yaegi/stdlib"
)

// culab patch 12: a range over an integer or a function that Go refuses
// is a compile error, in Go's words.
func TestRangeErrors(t *testing.T) {
	for _, c := range []struct{ src, want string }{
		{`for a, b := range 10 { _, _ = a, b }`, "4:8: range over untyped int permits only one iteration variable"},
		{`for a, b := range f1 { _, _ = a, b }`, "4:5: range over func(func(int) bool) permits only one iteration variable"},
		{`for a := range f0 { _ = a }`, "4:5: range over func(func() bool) permits no iteration variables"},
		{`for a := range g { _ = a }`, "4:16: cannot range over func(int): func must be func(yield func(...) bool): wrong signature"},
		{`for a := range h { _ = a }`, "4:16: cannot range over func(func(int)): func must be func(yield func(...) bool): wrong signature"},
	} {
		i := interp.New(interp.Options{})
		if err := i.Use(stdlib.Symbols); err != nil {
			t.Fatal(err)
		}
		src := "package main\nfunc f1(yield func(int) bool) {}; func f0(yield func() bool) {}; func g(int) {}; func h(func(int)) {}\nfunc main() {\n" + c.src + "\n}\n"
		if _, err := i.Eval(src); err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%s: %v, want %s", c.src, err, c.want)
		}
	}
}
