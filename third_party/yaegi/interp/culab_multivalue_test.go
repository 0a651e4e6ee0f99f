package interp_test

import (
	"bytes"
	"strings"
	"testing"

	"github.com/traefik/yaegi/interp"
	"github.com/traefik/yaegi/stdlib"
)

// multiValuePrelude declares the functions of TestMultiValue's programs.
const multiValuePrelude = `package main

import (
	"errors"
	"fmt"
	"strconv"
	"strings"
)

var _, _, _, _ = errors.New, fmt.Sprint, strconv.Itoa, strings.Cut

type T struct{}

func (T) M() (int, error) { return 2, nil }

func two() (int, error) { return 1, errors.New("x") }
func one() int          { return 1 }
func f1(int)            {}
func f2(int, error)     {}
func f3(int, error, int) {}
func g[V any](v V) (V, error) { return v, nil }
`

// runMultiValue runs prelude and src, and returns what it printed and the
// error of its compilation or run.
func runMultiValue(t *testing.T, src string) (string, error) {
	t.Helper()
	var out bytes.Buffer
	i := interp.New(interp.Options{Stdout: &out, Stderr: &out})
	if err := i.Use(stdlib.Symbols); err != nil {
		t.Fatal(err)
	}
	_, err := i.Eval(multiValuePrelude + src)
	return out.String(), err
}

// culab patch 91: a call of several results where Go wants one value is a
// compile error, with Go's message; a call of one result cannot define two
// variables.
func TestMultiValue(t *testing.T) {
	for _, c := range []struct{ src, want string }{
		{"func main() { v := two(); fmt.Println(v) }", "assignment mismatch: 1 variable but two returns 2 values"},
		{"var v = two()\nfunc main() { fmt.Println(v) }", "multiple-value two() (value of type (int, error)) in single-value context"},
		{"var v int = two()\nfunc main() { fmt.Println(v) }", "multiple-value two() (value of type (int, error)) in single-value context"},
		{"func main() { var v = two(); fmt.Println(v) }", "multiple-value two() (value of type (int, error)) in single-value context"},
		{"func main() { var v int = two(); fmt.Println(v) }", "multiple-value two() (value of type (int, error)) in single-value context"},
		{"func main() { var v int; v = two(); fmt.Println(v) }", "assignment mismatch: 1 variable but two returns 2 values"},
		{"func main() { if v := two(); v > 0 { fmt.Println(v) } }", "assignment mismatch: 1 variable but two returns 2 values"},
		{"func main() { n := strconv.Atoi(\"12\"); fmt.Println(n) }", "assignment mismatch: 1 variable but strconv.Atoi returns 2 values"},
		{"var q = strconv.Atoi(\"13\")\nfunc main() { fmt.Println(q) }", "multiple-value strconv.Atoi(\"13\") (value of type (int, error)) in single-value context"},
		{"func main() { var sb strings.Builder; n := sb.WriteString(\"x\"); fmt.Println(n) }", "assignment mismatch: 1 variable but sb.WriteString returns 2 values"},
		{"func main() { var t T; v := t.M(); fmt.Println(v) }", "assignment mismatch: 1 variable but t.M returns 2 values"},
		{"func main() { fn := func() (int, int) { return 1, 2 }; x := fn(); fmt.Println(x) }", "assignment mismatch: 1 variable but fn returns 2 values"},
		{"func main() { x := g(3); fmt.Println(x) }", "assignment mismatch: 1 variable but g returns 2 values"},
		{"func main() { a, b := one(); fmt.Println(a, b) }", "assignment mismatch: 2 variables but one returns 1 value"},
		{"func main() { var a, b = one(); fmt.Println(a, b) }", "assignment mismatch: 2 variables but one returns 1 value"},
		{"func main() { var a, b int; a, b = one(); fmt.Println(a, b) }", "assignment mismatch: 2 variables but one returns 1 value"},
		{"func main() { a, b := strconv.Itoa(1); fmt.Println(a, b) }", "assignment mismatch: 2 variables but strconv.Itoa returns 1 value"},
		{"func main() { f1(two()) }", "too many arguments in call to f1\n\thave (int, error)\n\twant (int)"},
		{"func main() { f3(two()) }", "not enough arguments in call to f3\n\thave (int, error)\n\twant (int, error, int)"},
		{"func main() { fmt.Println(two() + 1) }", "multiple-value two() (value of type (int, error)) in single-value context"},
		{"func main() { fmt.Println(g(3) + 1) }", "multiple-value g(3) (value of type (int, error)) in single-value context"},
		{"func main() { fmt.Println(int(two())) }", "multiple-value two() (value of type (int, error)) in single-value context"},
		{"func main() { x := 1; x += two(); fmt.Println(x) }", "multiple-value two() (value of type (int, error)) in single-value context"},
		{"func main() { a, b := two(), 1; fmt.Println(a, b) }", "multiple-value two() (value of type (int, error)) in single-value context"},
		{"func main() { for range two() {} }", "multiple-value two() (value of type (int, error)) in single-value context"},
		{"func main() { fmt.Println([]int{two()}) }", "multiple-value two() (value of type (int, error)) in single-value context"},
		{"func h() int { return two() }\nfunc main() { fmt.Println(h()) }", "too many return values\n\thave (int, error)\n\twant (int)"},
		{"func h() { return two() }\nfunc main() { h() }", "too many return values\n\thave (int, error)\n\twant ()"},
		{"func h() (int, error, int) { return two() }\nfunc main() { h() }", "not enough return values\n\thave (int, error)\n\twant (int, error, int)"},
		{"func main() { h := func() int { return two() }; fmt.Println(h()) }", "too many return values\n\thave (int, error)\n\twant (int)"},
	} {
		out, err := runMultiValue(t, c.src)
		if err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%s: error %v, want %q", c.src, err, c.want)
		}
		if out != "" {
			t.Errorf("%s: printed %q, want nothing", c.src, out)
		}
	}
	// What Go allows.
	out, err := runMultiValue(t, `func h() (int, error) { return two() }
func main() {
	k := func() (int, error) { return two() }
	fmt.Println(k())
	f2(two())
	two()
	defer two()
	v, err := two()
	fmt.Println(v, err)
	fmt.Println(h())
	fmt.Println(two())
	var a, b = strconv.Atoi("7")
	a, b = g(8)
	fmt.Println(a, b, one())
}`)
	if want := "1 x\n1 x\n1 x\n1 x\n8 <nil> 1\n"; err != nil || out != want {
		t.Errorf("multi-value calls Go allows: %q, %v; want %q", out, err, want)
	}
}
