package interp_test

import (
	"strings"
	"testing"

	"github.com/traefik/yaegi/interp"
)

// culab patch 37: a generic type alias is refused by name, at the package
// level and through an alias of its instance, before anything runs.
func TestGenericAliasRefused(t *testing.T) {
	for _, src := range []string{
		"type Vec[T any] = []T",
		"type Pair[K comparable, V any] = map[K]V\ntype IntPair = Pair[string, int]\nfunc main() { println(\"ran\") }",
	} {
		i := interp.New(interp.Options{})
		_, err := i.Eval("package main\n" + src)
		if err == nil || !strings.Contains(err.Error(), "generic type alias") || !strings.Contains(err.Error(), "not supported") {
			t.Errorf("%q: %v", src, err)
		}
	}
}
