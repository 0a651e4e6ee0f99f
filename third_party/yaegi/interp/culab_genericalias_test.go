package interp_test

import (
	"strings"
	"testing"

	"github.com/traefik/yaegi/interp"
)

// culab patch 48: a generic type used without instantiation, with the
// wrong number of type arguments, or given methods or a type parameter
// as an alias, is a compile error (some were panics, "nil reflect type",
// or a nil dereference; some went unseen).
func TestGenericTypeMisuse(t *testing.T) {
	for _, c := range []struct{ src, want string }{
		{"var v Vec", "cannot use generic type Vec without instantiation"},
		{"var v G", "cannot use generic type G without instantiation"},
		{"func f(v Vec) {}", "cannot use generic type Vec without instantiation"},
		{"var m map[string]Vec", "cannot use generic type Vec without instantiation"},
		{"type S struct{ v Vec }", "cannot use generic type Vec without instantiation"},
		{"type X = G", "cannot use generic type G without instantiation"},
		{"func main() { x := Vec{}; _ = x }", "cannot use generic type Vec without instantiation"},
		{"func main() { var a any; _, ok := a.(Vec); _ = ok }", "cannot use generic type Vec without instantiation"},
		{"func main() { var a any; switch a.(type) { case Vec: } }", "cannot use generic type Vec without instantiation"},
		{"var w Vec[int, int]", "too many type arguments for type Vec: have 2, want 1"},
		{"var m M[int]", "not enough type arguments for type M: have 1, want 2"},
		{"var g = G[int, string]{}", "too many type arguments for type G: have 2, want 1"},
		{"func (v Vec[T]) Len() int { return len(v) }", "cannot define new methods on generic alias type Vec"},
		{"type Id[T any] = T", "cannot use type parameter declared in alias declaration as RHS"},
	} {
		i := interp.New(interp.Options{})
		src := "package main\ntype Vec[T any] = []T\ntype M[K comparable, V any] = map[K]V\ntype G[T any] []T\n" + c.src
		_, err := i.Eval(src)
		if err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%q: err = %v, want %q", c.src, err, c.want)
		}
	}
}
