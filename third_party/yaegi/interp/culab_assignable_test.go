package interp_test

import (
	"strings"
	"testing"

	"github.com/traefik/yaegi/interp"
	"github.com/traefik/yaegi/stdlib"
)

// culab patch 14: an assignment to a field or array element of a map
// entry, of a call's result or of another value that is not addressable
// is Go's compile error; it assigned a copy, and the map was unchanged.
func TestUnaddressableAssignment(t *testing.T) {
	for _, c := range []struct{ src, want string }{
		{`m["a"].X = 5`, `cannot assign to struct field m["a"].X in map`},
		{`m["a"].X++`, `cannot assign to struct field m["a"].X in map`},
		{`m["a"].X += 2`, `cannot assign to struct field m["a"].X in map`},
		{`(m["a"]).X = 3`, `cannot assign to struct field (m["a"]).X in map`},
		{`m["a"].In.Y = 1`, `cannot assign to m["a"].In.Y (neither addressable nor a map index expression)`},
		{`m["a"].A[0] = 1`, `cannot assign to m["a"].A[0] (neither addressable nor a map index expression)`},
		{`ma["a"][0] = 1`, `cannot assign to ma["a"][0] (neither addressable nor a map index expression)`},
		{`f().X = 1`, `cannot assign to f().X (neither addressable nor a map index expression)`},
		{`var n int; n, m["a"].X = 1, 2`, `cannot assign to struct field m["a"].X in map`},
		{`var ok bool; m["a"].X, ok = mi["k"]`, `cannot assign to struct field m["a"].X in map`},
	} {
		i := interp.New(interp.Options{})
		if err := i.Use(stdlib.Symbols); err != nil {
			t.Fatal(err)
		}
		src := "package main\ntype S struct { X int; In struct{ Y int }; A [2]int }\nfunc f() S { return S{} }\n" +
			"func main() {\nm := map[string]S{}; ma := map[string][2]int{}; mi := map[string]int{}; _, _, _ = m, ma, mi\n" + c.src + "\n}\n"
		_, err := i.Eval(src)
		if err == nil || !strings.HasPrefix(err.Error(), "6:") || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%s: %v, want a line 6 error: %s", c.src, err, c.want)
		}
	}
}
