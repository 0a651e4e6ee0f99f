package interp_test

import (
	"errors"
	"fmt"
	"testing"

	"github.com/traefik/yaegi/interp"
	"github.com/traefik/yaegi/stdlib"
)

// culab patch 9: a panic's value of an interpreted type comes with its
// type and a call of its Error or String method (the value Go sees has no
// methods); recover returns the value passed to panic.
func TestPanicText(t *testing.T) {
	prelude := "package main\nimport \"fmt\"\ntype E struct{ n int }\nfunc (E) Error() string { return \"e\" }\n" +
		"type S struct{}\nfunc (*S) String() string { return \"s\" }\ntype I interface{ Error() string }\n" +
		"type B struct{}\nfunc (B) Error() string { panic(\"inner\") }\nvar _ = fmt.Sprint\n"
	for body, want := range map[string]string{
		"panic(E{1})":              "main.E Error e",
		"panic(&S{})":              "*main.S String s",
		"var i I = E{2}; panic(i)": "main.E Error e",
		"panic(B{})":               "main.B Error panicked: inner",
		"panic(\"plain\")":         "no text",
		"defer func() { fmt.Println(recover().(E).n) }(); panic(E{3})": "no panic",
		"defer func() { recover() }(); panic(E{3})":                    "no panic",
	} {
		i := interp.New(interp.Options{})
		if err := i.Use(stdlib.Symbols); err != nil {
			t.Fatal(err)
		}
		_, err := i.Eval(prelude + "func main() {\n" + body + "\n}\n")
		var p interp.Panic
		got := "no panic"
		switch {
		case errors.As(err, &p) && p.Text == nil:
			got = "no text"
		case errors.As(err, &p):
			got = fmt.Sprint(p.Text.Type, " ", p.Text.Method, " ", callText(p.Text.Text))
		case err != nil:
			got = err.Error()
		}
		if got != want {
			t.Errorf("%s: %s, want %s", body, got, want)
		}
	}
}

func callText(f func() string) (s string) {
	defer func() {
		if r := recover(); r != nil {
			s = fmt.Sprint("panicked: ", r)
		}
	}()
	return f()
}
