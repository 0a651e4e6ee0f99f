package interp_test

import (
	"strings"
	"testing"

	"github.com/traefik/yaegi/interp"
	"github.com/traefik/yaegi/stdlib"
)

// culab patch 24: a variable whose initializer refers to itself, through a
// function or not, is an initialization cycle, as Go's compiler says; a
// function that refers to a variable of an earlier evaluation is not.
func TestInitializationCycle(t *testing.T) {
	for _, src := range []string{
		"var x = f()\nfunc f() int { return x + 1 }",
		"type T struct{}\nfunc (T) m() int { return y }\nvar y = T{}.m()",
	} {
		i := interp.New(interp.Options{})
		if err := i.Use(stdlib.Symbols); err != nil {
			t.Fatal(err)
		}
		if _, err := i.Eval(src); err == nil || !strings.Contains(err.Error(), "initialization cycle for") {
			t.Errorf("%q: err = %v, want an initialization cycle", src, err)
		}
	}
	i := interp.New(interp.Options{})
	if err := i.Use(stdlib.Symbols); err != nil {
		t.Fatal(err)
	}
	if _, err := i.Eval("var a = 1\nfunc get() int { return a }"); err != nil {
		t.Fatal(err)
	}
	if _, err := i.Eval("var b = get() + a"); err != nil {
		t.Fatal(err)
	}
	if v, err := i.Eval("b"); err != nil || v.Interface() != 2 {
		t.Errorf("b = %v, %v; want 2", v, err)
	}
}
