package interp_test

import "testing"

// culab patch 102: fmt prints a value of an unnamed struct type with
// unexported fields, held in an interface, with Go's field names.
func TestFmtUnnamedStructInInterface(t *testing.T) {
	src := `package main

import "fmt"

func main() {
	var x any = struct {
		a int
		B string ` + "`k:\"v\"`" + `
	}{1, "x"}
	fmt.Printf("%T|%+v|%#v\n", x, x, x)
	xs := []any{struct{ a, b int }{1, 2}, struct{ A int }{3}}
	fmt.Printf("%T %+v %T\n", xs[0], xs, xs[1])
}
`
	want := "struct { a int; B string \"k:\\\"v\\\"\" }|{a:1 B:x}|struct { a int; B string \"k:\\\"v\\\"\" }{a:1, B:\"x\"}\n" +
		"struct { a int; b int } [{a:1 b:2} {A:3}] struct { A int }\n"
	if got := evalMain(t, src); got != want {
		t.Errorf("got:\n%swant:\n%s", got, want)
	}
}
