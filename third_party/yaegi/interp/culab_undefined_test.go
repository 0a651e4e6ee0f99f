package interp_test

import (
	"bytes"
	"io"
	"strings"
	"testing"

	"github.com/traefik/yaegi/interp"
	"github.com/traefik/yaegi/stdlib"
)

// evalProgram runs src in a new interpreter with the standard library and
// returns what it printed on stdout and its error.
func evalProgram(t *testing.T, src string) (string, error) {
	t.Helper()
	var out bytes.Buffer
	i := interp.New(interp.Options{Stdout: &out, Stderr: io.Discard})
	if err := i.Use(stdlib.Symbols); err != nil {
		t.Fatal(err)
	}
	_, err := i.Eval(src)
	return out.String(), err
}

// checkPrograms runs each program of cases: one with a want error must
// fail with an error containing it, one without must print out.
func checkPrograms(t *testing.T, cases []struct{ src, out, err string }) {
	t.Helper()
	for _, c := range cases {
		out, err := evalProgram(t, c.src)
		switch {
		case c.err != "" && (err == nil || !strings.Contains(err.Error(), c.err)):
			t.Errorf("%s\ngot error %v, want %q", c.src, err, c.err)
		case c.err == "" && err != nil:
			t.Errorf("%s\nunexpected error %v", c.src, err)
		case c.err == "" && out != c.out:
			t.Errorf("%s\nprinted %q, want %q", c.src, out, c.out)
		}
	}
}

// culab patch 148: a package-level a, b := f() of an unknown function is
// "undefined: f", and one of a function declared later runs.
func TestPackageLevelDefineOfUnknownCall(t *testing.T) {
	checkPrograms(t, []struct{ src, out, err string }{
		{"package main\nvar b, err = json.Marshal(1)\nfunc main() {}", "", "undefined: json"},
		{"package main\nvar x, y = foo.Bar()\nfunc main() {}", "", "undefined: foo"},
		{"package main\nvar x, y = split(7)\nfunc main() {}", "", "undefined: split"},
		{"package main\nvar x, y = foo.Bar().Baz()\nfunc main() {}", "", "undefined: foo"},
		{"package main\nvar x = sq(7)\nfunc main() {}", "", "undefined: sq"},
		{"package main\nvar x = 1 + foo.Bar(T{A: 2})\ntype T struct{ A int }\nfunc main() {}", "", "undefined: foo"},
		{"package main\nvar x []T\nfunc main() {}", "", "undefined: T"},
		{"package main\nimport \"fmt\"\nvar x = sq(7)\nfunc sq(a int) int { return a * a }\nfunc main() { fmt.Println(x) }", "49\n", ""},
		{"package main\nimport \"fmt\"\nvar q, r = divmod(7, 2)\nfunc divmod(a, b int) (int, int) { return a / b, a % b }\nfunc main() { fmt.Println(q, r) }", "3 1\n", ""},
		{"package main\nimport \"fmt\"\nvar x, y = v.f()\nvar v T\ntype T struct{}\nfunc (T) f() (int, int) { return 1, 2 }\nfunc main() { fmt.Println(x, y) }", "1 2\n", ""},
		{"package main\nimport \"fmt\"\nvar x, y = T{}.f()\ntype T struct{}\nfunc (T) f() (int, int) { return 1, 2 }\nfunc main() { fmt.Println(x, y) }", "1 2\n", ""},
	})
}

// culab patch 151: a package-level v, ok := x.(T) of a type that GTA has
// not typed yet (an instance, a type declared later).
func TestPackageLevelAssertionOfUntypedType(t *testing.T) {
	const prelude = "package main\nimport (\"fmt\"; \"iter\"; \"slices\")\nvar a any = slices.Values([]int{1, 2})\n"
	checkPrograms(t, []struct{ src, out, err string }{
		{prelude + "var _, ok = a.(iter.Seq[int])\nfunc main() { fmt.Println(ok) }", "true\n", ""},
		{prelude + "var _, ok = a.(T)\ntype T int\nfunc main() { fmt.Println(ok) }", "false\n", ""},
		{prelude + "var _, ok = a.(U)\nfunc main() { fmt.Println(ok) }", "", "undefined: U"},
	})
}

// culab patch 149: a generic function passed uninstantiated where no
// function type gives its type arguments is a compile error; a package's
// generic function as a value is instantiated by its target type.
func TestGenericFunctionValueWithoutTarget(t *testing.T) {
	const prelude = "package main\nimport (\"fmt\"; \"maps\"; \"slices\")\nvar _, _ = maps.Keys[map[int]int], slices.Max[[]int]\nfunc G[T any](x T) T { return x }\nfunc apply(f func(int) int, x int) int { return f(x) }\nfunc show(v any) { fmt.Println(v) }\n"
	checkPrograms(t, []struct{ src, out, err string }{
		{prelude + "func main() { fmt.Println(G) }", "", "cannot use generic function G without instantiation"},
		{prelude + "func main() { show(G) }", "", "cannot use generic function G without instantiation"},
		{prelude + "func main() { _ = any(G) }", "", "cannot use generic function G without instantiation"},
		{prelude + "func main() { fmt.Println(apply(G, 3)) }", "3\n", ""},
		{prelude + "func main() { fmt.Println(maps.Keys) }", "", "cannot use generic function maps.Keys without instantiation"},
		{prelude + "func main() { h := slices.Max; _ = h }", "", "cannot use generic function slices.Max without instantiation"},
		{prelude + "func main() { var g func([]int, int) int = slices.Index; fmt.Println(g([]int{1, 5}, 5)) }", "1\n", ""},
	})
}

// culab patch 150: a generic function instantiated with fewer type
// arguments than it has, as a value, infers the others from the
// constraints; it was a nil dereference while compiling.
func TestPartialInstanceAsValue(t *testing.T) {
	const prelude = "package main\nimport (\"fmt\"; \"slices\")\nvar _ = slices.Index[[]int, int]\nfunc I[S ~[]E, E comparable](s S, v E) int { for i, x := range s { if x == v { return i } }; return -1 }\nfunc P[A, B any](a A) (b B) { return }\n"
	checkPrograms(t, []struct{ src, out, err string }{
		{prelude + "func main() { f := I[[]int]; fmt.Println(f([]int{1, 5}, 5)) }", "1\n", ""},
		{prelude + "func main() { f := slices.Index[[]string]; fmt.Println(f([]string{\"a\", \"b\"}, \"b\")) }", "1\n", ""},
		{prelude + "func main() { f := P[int]; _ = f }", "", "cannot infer B"},
	})
}
