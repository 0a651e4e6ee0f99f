package interp_test

import (
	"fmt"
	"reflect"
	"strings"
	"testing"

	"github.com/traefik/yaegi/interp"
	"github.com/traefik/yaegi/stdlib"
)

// paramSpec is a compiled struct with func fields, as culab's labs.Spec.
type paramSpec struct {
	Launch func(n int) [2]int
	Args   func(n int, name string) []string
}

// culab patch 5: a func literal with unnamed parameters, held and called
// by compiled code and by the interpreter. Each body has a local of
// another type than the parameters: the arguments were copied into the
// locals' frame slots (a reflect.Set panic, or a wrong value where the
// types agreed).
func TestUnnamedParamsCompiledField(t *testing.T) {
	i := interp.New(interp.Options{})
	if err := i.Use(interp.Exports{"spec/spec": {
		"Spec": reflect.ValueOf((*paramSpec)(nil)),
		"Call": reflect.ValueOf(func(s paramSpec) ([2]int, []string) { return s.Launch(5), s.Args(3, "x") }),
	}}); err != nil {
		t.Fatal(err)
	}
	if _, err := evalLines(i, `import "spec"
var s spec.Spec
s.Launch = func(int) [2]int { l := func(a, b int) [2]int { return [2]int{a, b} }; return l(32, 32) }
s.Args = func(int, string) []string { xs := []string{"a"}; return xs }`); err != nil {
		t.Fatal(err)
	}
	for src, want := range map[string]string{
		`s.Launch(5)`:                        "[32 32]",
		`s.Args(1, "b")`:                     "[a]",
		`l, a := spec.Call(s); [2]any{l, a}`: "[[32 32] [a]]",
	} {
		v, err := evalLines(i, src)
		if err != nil {
			t.Errorf("%s: %v", src, err)
			continue
		}
		if got := fmtValue(v); got != want {
			t.Errorf("%s = %s, want %s", src, got, want)
		}
	}
	v, err := i.Eval("s")
	if err != nil {
		t.Fatal(err)
	}
	s := v.Interface().(paramSpec)
	if got := s.Args(7, "y"); len(got) != 1 || got[0] != "a" {
		t.Errorf("Args called from Go: %q", got)
	}
}

// culab patch 5: unnamed parameters of interpreted functions, literals and
// methods, called by the interpreter and by compiled code.
func TestUnnamedParams(t *testing.T) {
	for _, c := range []struct{ src, want string }{
		{"var f func(int, string) []int\nf = func(int, string) []int { x := []int{1}; return x }\nf(1, \"a\")", "[]int [1]"},
		{"func g(int, string) string { y := \"q\"; return y }\ng(1, \"b\")", "string q"},
		{"r := func(int) float64 { y := 2.5; return y }(5)\nr", "float64 2.5"},
		{"r := func(...int) string { y := \"v\"; return y }(5, 6)\nr", "string v"},
		{"r := func(_ int, s string) string { y := 1.5; return fmt.Sprint(y, s) }(1, \"w\")\nr", "string 1.5w"},
		{"type T struct{}\nfunc (T) m(int, bool) string { y := \"m\"; return y }\nT{}.m(1, true)", "string m"},
		{"var n int\nfunc() { defer func(string) { y := 3; n = y }(\"d\") }()\nn", "int 3"},
		{"strings.Map(func(rune) rune { s := \"Z\"; return rune(s[0]) }, \"abc\")", "string ZZZ"},
		{"xs := []int{3, 1, 2}\nsort.Slice(xs, func(int, int) bool { s := \"\"; return s != \"\" })\nxs", "[]int [3 1 2]"},
		{"type B []int\nfunc (b B) Len() int { return len(b) }\nfunc (b B) Less(i, j int) bool { return b[i] < b[j] }\nfunc (B) Swap(int, int) { s := \"no\"; _ = s }\nb := B{2, 1}\nsort.Sort(b)\nb", "[]int [2 1]"}, // sort.Sort calls Swap, which swaps nothing,
	} {
		i := interp.New(interp.Options{})
		if err := i.Use(stdlib.Symbols); err != nil {
			t.Fatal(err)
		}
		v, err := evalLines(i, `import ("fmt"; "sort"; "strings")`+"\n"+c.src)
		if err != nil {
			t.Errorf("%q: %v", c.src, err)
			continue
		}
		if got := fmtTyped(v); got != c.want {
			t.Errorf("%q = %s, want %s", c.src, got, c.want)
		}
	}
}

func fmtValue(v reflect.Value) string { return fmt.Sprint(v.Interface()) }

func fmtTyped(v reflect.Value) string { return fmt.Sprintf("%T %v", v.Interface(), v.Interface()) }

// evalLines runs src line by line, as yaegi's REPL does, and returns the
// last line's value.
func evalLines(i *interp.Interpreter, src string) (v reflect.Value, err error) {
	for _, line := range strings.Split(src, "\n") {
		if v, err = i.Eval(line); err != nil {
			return v, err
		}
	}
	return v, nil
}
