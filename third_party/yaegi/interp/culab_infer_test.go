package interp_test

import (
	"strings"
	"testing"

	"github.com/traefik/yaegi/interp"
	"github.com/traefik/yaegi/stdlib"
)

// culab patch 16: a type argument that the call does not give is a
// compile error that names it.
func TestInferErrors(t *testing.T) {
	for _, c := range []struct{ src, want string }{
		{`_ = zero()`, "in call to zero, cannot infer T"},
		{`_ = pair(1)`, "in call to pair, cannot infer U"},
		{`_ = pair[int, string, bool](1)`, "got 3 type arguments but pair has 2 type parameters"},
	} {
		i := interp.New(interp.Options{})
		if err := i.Use(stdlib.Symbols); err != nil {
			t.Fatal(err)
		}
		src := "package main\nfunc zero[T any]() (t T) { return }\nfunc pair[T, U any](t T) (u U) { return }\nfunc main() {\n" + c.src + "\n}\n"
		if _, err := i.Eval(src); err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%s: %v, want %s", c.src, err, c.want)
		}
	}
}
