package interp_test

import (
	"strings"
	"testing"

	"github.com/traefik/yaegi/interp"
	"github.com/traefik/yaegi/stdlib"
)

// culab patch 26: a generic type whose instantiation needs itself with
// other type arguments is a compile error, not a fatal stack overflow.
func TestRecursiveInstantiation(t *testing.T) {
	i := interp.New(interp.Options{})
	_, err := i.Eval("type P[K, V any] struct {\n\tk K\n\tnext *P[V, K]\n}\nvar p P[int, string]")
	if err == nil || !strings.Contains(err.Error(), "recursive instantiation of") {
		t.Errorf("err = %v, want a recursive instantiation error", err)
	}
}

// culab patch 49: an instance whose type argument is itself an instance
// of several type arguments, in an expression (list[pair[K, V]]{}, with
// & or not, and embedded by pointer), is made as in a declaration; it
// was a nil dereference in the CFG.
func TestNestedInstanceLiteral(t *testing.T) {
	i := interp.New(interp.Options{})
	if err := i.Use(stdlib.Symbols); err != nil {
		t.Fatal(err)
	}
	v, err := i.Eval(`package main
import "fmt"
type list[T any] struct{ items []T }
func (l *list[T]) push(v T) { l.items = append(l.items, v) }
type pair[K comparable, V any] struct { key K; val V }
type table[K comparable, V any] struct { *list[pair[K, V]] }
func run() string {
	a := list[pair[string, float64]]{}
	a.push(pair[string, float64]{"pi", 3.5})
	b := &list[pair[int, bool]]{}
	b.push(pair[int, bool]{7, true})
	t := table[string, int]{&list[pair[string, int]]{}}
	t.push(pair[string, int]{"x", 1})
	t.push(pair[string, int]{"y", 2})
	return fmt.Sprint(a.items, b.items, t.items, len(t.items))
}`)
	_ = v
	if err == nil {
		v, err = i.Eval("run()")
	}
	if err != nil {
		t.Fatal(err)
	}
	if got, want := v.String(), "[{pi 3.5}] [{7 true}] [{x 1} {y 2}] 2"; got != want {
		t.Errorf("run() = %q, want %q", got, want)
	}
}
