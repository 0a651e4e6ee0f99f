package interp_test

import (
	"strings"
	"testing"

	"github.com/traefik/yaegi/interp"
	"github.com/traefik/yaegi/stdlib"
)

// culab patch 99: an array length or a literal's index given by an
// untyped float constant of an integer value is that integer; one of a
// fractional value is a compile error.
func TestConstFloatLengths(t *testing.T) {
	got := evalMain(t, `package main

import "fmt"

func main() {
	a := [2 * 2.0]bool{}
	b := [...]string{2.0: "x", 1 << 2: "y"}
	var c [1e1]int
	fmt.Println(len(a), len(b), b[2], b[4], len(c))
}
`)
	if want := "4 5 x y 10\n"; got != want {
		t.Errorf("got %q, want %q", got, want)
	}
	for _, c := range []struct{ src, want string }{
		{"_ = [2.5]int{}", "array length 2.5 (untyped float constant) must be integer"},
		{"_ = [...]int{1.5: 1}", "index 1.5 (untyped float constant) must be integer"},
	} {
		i := interp.New(interp.Options{})
		if err := i.Use(stdlib.Symbols); err != nil {
			t.Fatal(err)
		}
		_, err := i.Eval("package main\nfunc main() {\n" + c.src + "\n}\n")
		if err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%s: error %v, want %q", c.src, err, c.want)
		}
	}
}
