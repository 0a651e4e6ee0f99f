package interp_test

import (
	"testing"

	"github.com/traefik/yaegi/interp"
	"github.com/traefik/yaegi/stdlib"
)

// culab patch 123: _ at the package level is no variable: each assignment
// to it takes a value of its own type, run after run (the first gave _ its
// type, and a later one of another type panicked in reflect.Set).
func TestBlankAtPackageLevel(t *testing.T) {
	i := interp.New(interp.Options{})
	if err := i.Use(stdlib.Symbols); err != nil {
		t.Fatal(err)
	}
	for _, src := range []string{
		`import ("bytes"; "errors"; "os"; "strconv"; "strings")`,
		`_, e := os.ReadFile("/dev/null")`,
		`_ = errors.New("x")`,
		`_ = bytes.Repeat([]byte("a"), 2)`,
		`_ = strings.Repeat("a", 2) + "b"`,
		"_ = 3.5\n_ = []int{1}",
		`_, e2 := strconv.Atoi("x")`,
		`_ = e; _ = e2`,
	} {
		if _, err := i.Eval(src); err != nil {
			t.Errorf("%q: %v", src, err)
		}
	}
}
