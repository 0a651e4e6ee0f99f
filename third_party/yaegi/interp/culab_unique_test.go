package interp_test

import "testing"

// culab patch 101: the package unique, generic, is a source package.
func TestUniqueHandles(t *testing.T) {
	src := `package main

import (
	"fmt"
	"strings"
	"unique"
)

type key struct {
	dev  string
	lane int
}

func main() {
	a, b, c := unique.Make("sm_90"), unique.Make(strings.ToLower("SM_90")), unique.Make("sm_80")
	fmt.Println(a == b, a == c, a.Value(), c.Value())
	k1, k2 := unique.Make(key{"gpu0", 3}), unique.Make(key{"gpu" + "0", 1 + 2})
	fmt.Println(k1 == k2, k1.Value().lane)
	var zero unique.Handle[string]
	fmt.Printf("%v %T\n", zero == a, a)
}
`
	want := "true false sm_90 sm_80\ntrue 3\nfalse unique.Handle[string]\n"
	if got := evalMain(t, src); got != want {
		t.Errorf("got:\n%swant:\n%s", got, want)
	}
}
