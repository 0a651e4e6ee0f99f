package interp_test

import (
	"strings"
	"testing"

	"github.com/traefik/yaegi/interp"
	"github.com/traefik/yaegi/stdlib"
)

// culab patch 145: a value nested a million deep, handed to
// encoding/json, ended the process with Go's fatal stack overflow in the
// walk that looks for cell values; past 10000 levels the call panics with
// a *StackOverflow, which recover catches. Values of 5000 levels encode.
func TestCodecOfDeepValue(t *testing.T) {
	i := interp.New(interp.Options{})
	if err := i.Use(stdlib.Symbols); err != nil {
		t.Fatal(err)
	}
	_, err := i.Eval(`import ("encoding/json"; "fmt")
func nested(n int) any {
	var v any = 0
	for i := 0; i < n; i++ {
		v = []any{v}
	}
	return v
}
type node struct{ Next *node }
func list(n int) *node {
	var l *node
	for i := 0; i < n; i++ {
		l = &node{l}
	}
	return l
}
func encode(v any) (n int, err error) {
	defer func() {
		if r := recover(); r != nil {
			err = r.(error)
		}
	}()
	b, err := json.Marshal(v)
	return len(b), err
}`)
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct{ code, want string }{
		{"encode(nested(1000000))", "stack overflow: recursion deeper than 10000 calls in a codec"},
		{"encode(list(1000000))", "stack overflow: recursion deeper than 10000 calls in a codec"},
		{"encode(nested(5000))", "10001 <nil>"},
	} {
		v, err := i.Eval("fmt.Sprint(" + c.code + ")")
		if err != nil {
			t.Fatalf("%s: %v", c.code, err)
		}
		if !strings.Contains(v.String(), c.want) {
			t.Errorf("%s: %s, want …%s…", c.code, v.String(), c.want)
		}
	}
}
