package interp_test

import (
	"strings"
	"testing"

	"github.com/traefik/yaegi/interp"
	"github.com/traefik/yaegi/stdlib"
)

// culab patch 6: a type qualified by a package that is not imported is an
// error of the source, never a nil dereference; with the import it works.
func TestTypeFromPackageNotImported(t *testing.T) {
	for _, src := range []string{
		`f := func(n int, r *rand.Rand) int { return n }`,
		`var x *rand.Rand`,
		`func g(r *rand.Rand) {}`,
		`type T struct{ r *rand.Rand }`,
	} {
		i := interp.New(interp.Options{})
		if err := i.Use(stdlib.Symbols); err != nil {
			t.Fatal(err)
		}
		_, err := i.Eval(src)
		if err == nil || strings.Contains(err.Error(), "nil pointer") {
			t.Errorf("%s: err = %v, want an error of the source", src, err)
		}
	}
	i := interp.New(interp.Options{})
	if err := i.Use(stdlib.Symbols); err != nil {
		t.Fatal(err)
	}
	if _, err := i.Eval("import \"math/rand\"\nvar z *rand.Rand\nfunc h(r *rand.Rand) int { return 1 }\nvar k = h(z)"); err != nil {
		t.Errorf("with the import: %v", err)
	}
}
