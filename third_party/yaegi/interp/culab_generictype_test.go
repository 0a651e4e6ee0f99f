package interp_test

import (
	"strings"
	"testing"

	"github.com/traefik/yaegi/interp"
)

// culab patch 26: a generic type whose instantiation needs itself with
// other type arguments is a compile error, not a fatal stack overflow.
func TestRecursiveInstantiation(t *testing.T) {
	i := interp.New(interp.Options{})
	_, err := i.Eval("type P[K, V any] struct {\n\tk K\n\tnext *P[V, K]\n}\nvar p P[int, string]")
	if err == nil || !strings.Contains(err.Error(), "recursive instantiation of") {
		t.Errorf("err = %v, want a recursive instantiation error", err)
	}
}
