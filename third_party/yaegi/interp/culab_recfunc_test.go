package interp_test

import (
	"bytes"
	"strings"
	"testing"

	"github.com/traefik/yaegi/interp"
	"github.com/traefik/yaegi/stdlib"
)

// culab patch 66: a function type that refers to itself, which reflect
// cannot make, is a compile error that says so (it was reflect's "Type is
// nil" panic, or a stack overflow that ended the process); function types
// in recursive structs still work.
func TestRecursiveFuncTypes(t *testing.T) {
	for _, src := range []string{
		"type F func(int) F\nfunc main() { var f F; _ = f }",
		"type G func() []G\nfunc main() { var g G; _ = g }",
		"type H func(map[string]H)\nfunc main() { var h H; _ = h }",
		"type L struct{ n int }\ntype state func(*L) state\nfunc start(l *L) state { return nil }\nfunc main() { s := state(start); _ = s }",
	} {
		i := interp.New(interp.Options{Stdout: new(bytes.Buffer), Stderr: new(bytes.Buffer)})
		if err := i.Use(stdlib.Symbols); err != nil {
			t.Fatal(err)
		}
		_, err := i.Eval("package main\n" + src)
		if err == nil || !strings.Contains(err.Error(), "recursive function types") || !strings.Contains(err.Error(), "not supported") {
			t.Errorf("%q: got %v, want the recursive function type refused", src, err)
		}
	}
	var out bytes.Buffer
	i := interp.New(interp.Options{Stdout: &out, Stderr: new(bytes.Buffer)})
	if err := i.Use(stdlib.Symbols); err != nil {
		t.Fatal(err)
	}
	_, err := i.Eval(`package main

import "fmt"

type S struct {
	n int
	f func(S) S
}

type T struct {
	next func() *T
	n    int
}

func main() {
	s := S{n: 1, f: func(x S) S { x.n++; return x }}
	t := &T{n: 3}
	t.next = func() *T { return t }
	fmt.Println(s.f(s).n, t.next().n)
}`)
	if err != nil || out.String() != "2 3\n" {
		t.Errorf("recursive structs with function fields: %q, %v; want \"2 3\\n\"", out.String(), err)
	}
}
