package interp_test

import (
	"bytes"
	"strings"
	"testing"

	"github.com/traefik/yaegi/interp"
	"github.com/traefik/yaegi/stdlib"
)

// culab patch 92: a constant index out of the bounds of an array or a
// constant string, or negative, is a compile error with Go's message; an
// index out of a slice's bounds is a run-time panic, as in Go.
func TestConstIndexBounds(t *testing.T) {
	run := func(body string) (string, error) {
		var out bytes.Buffer
		i := interp.New(interp.Options{Stdout: &out, Stderr: &out})
		if err := i.Use(stdlib.Symbols); err != nil {
			t.Fatal(err)
		}
		_, err := i.Eval("package main\nimport \"fmt\"\nconst s = \"abc\"\nfunc main() {\n\tvar a [3]int\n\tp := &a\n\t_ = p\n" + body + "\n}")
		return out.String(), err
	}
	for _, c := range []struct{ body, want string }{
		{"fmt.Println(a[5])", "invalid argument: index 5 out of bounds [0:3]"},
		{"a[3] = 1", "invalid argument: index 3 out of bounds [0:3]"},
		{"fmt.Println([3]int{}[5])", "invalid argument: index 5 out of bounds [0:3]"},
		{"fmt.Println(p[3])", "invalid argument: index 3 out of bounds [0:3]"},
		{"fmt.Println(\"abc\"[5])", "invalid argument: index 5 out of bounds [0:3]"},
		{"fmt.Println(s[4])", "invalid argument: index 4 out of bounds [0:3]"},
		{"fmt.Println(a[-1])", "invalid argument: index -1 (constant of type int) must not be negative"},
		{"fmt.Println([]int{1}[-1])", "invalid argument: index -1 (constant of type int) must not be negative"},
		{"fmt.Println(a[1:5])", "invalid argument: index 5 out of bounds [0:4]"},
	} {
		out, err := run(c.body)
		if err == nil || !strings.Contains(err.Error(), c.want) || out != "" {
			t.Errorf("%s: printed %q, error %v; want a compile error %q", c.body, out, err, c.want)
		}
	}
	// In bounds, or a slice's (a run-time panic in Go too).
	out, err := run("x := \"abc\"\nfmt.Println(a[2], \"abc\"[2], s[0], p[2], a[1:3], x[1])\nfmt.Println([]int{}[1])")
	if want := "0 99 97 0 [0 0] 98\n"; !strings.HasPrefix(out, want) || err == nil || !strings.Contains(err.Error(), "index out of range [1] with length 0") {
		t.Errorf("printed %q, error %v; want %q then a panic", out, err, want)
	}
}
