package interp_test

import (
	"fmt"
	"math"
	"reflect"
	"strings"
	"testing"

	"github.com/traefik/yaegi/interp"
	"github.com/traefik/yaegi/stdlib"
)

// eval runs src, line by line as yaegi's REPL does, in a fresh
// interpreter that has imported fmt and math, and returns the last line's
// value as fmt's %T %v writes it.
func eval(t *testing.T, src string) (string, error) {
	t.Helper()
	i := newInterp(t)
	var v reflect.Value
	for _, line := range strings.Split(src, "\n") {
		var err error
		if v, err = i.Eval(line); err != nil {
			return "", err
		}
	}
	return fmt.Sprintf("%T %v", v.Interface(), v.Interface()), nil
}

func newInterp(t *testing.T) *interp.Interpreter {
	t.Helper()
	i := interp.New(interp.Options{})
	if err := i.Use(stdlib.Symbols); err != nil {
		t.Fatal(err)
	}
	if _, err := i.Eval(`import ("fmt"; "math")`); err != nil {
		t.Fatal(err)
	}
	return i
}

// culab patch 4: min and max, as the Go spec's "Min and max" says.
func TestMinMax(t *testing.T) {
	for _, c := range []struct{ src, want string }{
		{"min(3, 2)", "int 2"},
		{"max(3, 2, 7, 1)", "int 7"},
		{"min(5)", "int 5"},
		{"min(1.5, 2)", "float64 1.5"},
		{"max(3, 2.5)", "float64 3"},
		{"min(2, 'a')", "int32 2"},
		{`min("b", "a", "c")`, "string a"},
		{`max("b", "a", "c")`, "string c"},
		{"x := 7; min(x, 1)", "int 1"},
		{"x := 7; max(x, 1)", "int 7"},
		{"x := -7; min(1, x, 3)", "int -7"},
		{"x := uint8(200); max(x, 10)", "uint8 200"},
		{"x := 0.5; min(x, 1)", "float64 0.5"},
		{"x := float32(0.25); max(x, 1.5)", "float32 1.5"},
		{"x, y := 3.0, math.NaN(); min(x, y)", "float64 NaN"},
		{"x, y := math.NaN(), 3.0; max(x, y, 1)", "float64 NaN"},
		{"x, y := math.Inf(-1), 3.0; min(x, y)", "float64 -Inf"},
		// Unlike math.Min, a NaN wins over an infinity.
		{"x, y := math.NaN(), math.Inf(-1); min(y, x)", "float64 NaN"},
		{"x, y := math.NaN(), math.Inf(1); max(y, x)", "float64 NaN"},
		{"x := math.Copysign(0, -1); 1 / min(x, 0.0)", "float64 -Inf"},
		{"x := math.Copysign(0, -1); 1 / min(0.0, x)", "float64 -Inf"},
		{"x := math.Copysign(0, -1); 1 / max(x, 0.0)", "float64 +Inf"},
		// yaegi gives a value of an interpreted named type its underlying Go type.
		{"type D int64\na, b := D(4), D(9); var r D = max(a, b); r", "int64 9"},
		{"s := []string{\"q\", \"r\"}; min(s[1], s[0])", "string q"},
		{"const c = min(4, 2, 3)\nc", "int 2"},
		{"const c = max(1, 2.5)\nc", "float64 2.5"},
		{"const c int8 = 5\nconst d = max(c, 2)\nd", "int8 5"},
		{"const c = min(1<<40, 1<<41)\nc", "int 1099511627776"},
		{"var a [min(64, 1<<10)]byte\nlen(a)", "int 64"},
		{"const c int8 = 5\nvar a [max(c, 2)]byte\nlen(a)", "int 5"},
		{"func f(a, b int) int { return min(a, b) }\nf(4, 3)", "int 3"},
		{"func f() int { return max(1, 2) }\nf()", "int 2"},
		{"func f(n int) any { return min(n, 8) }\nf(9)", "int 8"},
		{"var v any = max(2.5, 1)\nv", "float64 2.5"},
		{"x := 3; var v any; v = min(x, 2); v", "int 2"},
		{"x := \"b\"; var v interface{}; v = max(x, \"a\"); v", "string b"},
		{"func lo[T int | float64 | string](a, b T) T { return min(a, b) }\nfmt.Sprint(lo(3, 2), lo(0.5, 1.5), lo(\"y\", \"x\"))", "string 2 0.5x"},
		{"n := 0; for i := 0; i < 5; i++ { n = max(n, i*i) }; n", "int 16"},
		{"var (g = max(a, 2.0); a = 3.5)\ng", "float64 3.5"},
		{"x := 1.0; m := map[string]float64{\"k\": min(x, 2)}; m[\"k\"]", "float64 1"},
		{"func min(a, b int) int { return 42 }\nmin(1, 2)", "int 42"},
	} {
		got, err := eval(t, c.src)
		if err != nil {
			t.Errorf("%s: %v", c.src, err)
			continue
		}
		if got != c.want {
			t.Errorf("%s = %s, want %s", c.src, got, c.want)
		}
	}
	// The NaN results above are NaN, not a value that prints like one.
	v, err := newInterp(t).Eval("min(1, math.NaN(), 2)")
	if err != nil || !math.IsNaN(v.Float()) {
		t.Errorf("min(1, NaN, 2) = %v, %v", v, err)
	}
}

func TestMinMaxErrors(t *testing.T) {
	for _, c := range []struct{ src, want string }{
		{`min(1, "a")`, "mismatched types untyped int and untyped string"},
		{`x := 1; y := 2.0; max(x, y)`, "mismatched types int and float64"},
		{`x := 1; max(x, 1.5)`, "truncated"},
		{`x := 1; max(x, "a")`, "cannot convert"},
		{`max(true, false)`, "cannot be ordered"},
		{`x := 1i; min(x, x)`, "cannot be ordered"},
		{`min()`, "not enough arguments"},
		{"var a, b []int\nmin(a, b)", "cannot be ordered"},
		{`func g() { f := min; _ = f }`, "use of builtin min not in function call"},
		{`f := max`, "use of builtin max not in function call"},
		{`var f = len`, "use of builtin len not in function call"},
		{`func f() (int, int) { return 1, 2 }
min(f())`, "multiple-value"},
		{`x := 1; clear(x)`, "cannot clear int"},
		{"var a [3]int\nclear(a)", "cannot clear"},
		{`clear()`, "not enough arguments"},
	} {
		_, err := eval(t, c.src)
		if err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%s: error %v, want %q", c.src, err, c.want)
		}
	}
}

// culab patch 4: clear, as the Go spec's "Clear" says.
func TestClear(t *testing.T) {
	for _, c := range []struct{ src, want string }{
		{`m := map[string]int{"a": 1, "b": 2}; clear(m); len(m)`, "int 0"},
		{`m := map[string]int{"a": 1}; n := m; clear(m); len(n)`, "int 0"},
		{"var m map[int]bool\nclear(m)\nlen(m)", "int 0"},
		{`s := []int{1, 2, 3}; clear(s[1:]); fmt.Sprint(s, len(s))`, "string [1 0 0] 3"},
		{`s := []string{"x", "y"}; clear(s); fmt.Sprintf("%q", s)`, `string ["" ""]`},
		{`type P struct{ X, Y int }
s := []P{{1, 2}}; clear(s); fmt.Sprint(s)`, "string [{0 0}]"},
		{`s := []any{1, "a"}; clear(s); fmt.Sprint(s[0] == nil, s[1] == nil)`, "string true true"},
		{"func reset[T any](s []T) { clear(s) }\ns := []int{1, 2}; reset(s); fmt.Sprint(s)", "string [0 0]"},
		{"var s []int\nclear(s)\nlen(s)", "int 0"},
		{`m := map[int]int{1: 1}; func() { defer clear(m); m[2] = 2 }(); len(m)`, "int 0"},
	} {
		got, err := eval(t, c.src)
		if err != nil {
			t.Errorf("%s: %v", c.src, err)
			continue
		}
		if got != c.want {
			t.Errorf("%s = %s, want %s", c.src, got, c.want)
		}
	}
}
