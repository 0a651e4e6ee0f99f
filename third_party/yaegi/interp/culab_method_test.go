package interp_test

import (
	"bytes"
	"strings"
	"testing"

	"github.com/traefik/yaegi/interp"
	"github.com/traefik/yaegi/stdlib"
)

// culab patch 8: method values and method expressions of compiled types,
// with a pointer receiver (*strings.Builder) and a value receiver
// (time.Duration), in a function and at the top level; the wanted output
// is what compiled Go prints.
func TestBinMethodValuesAndExpressions(t *testing.T) {
	for _, c := range []struct{ glob, body, want string }{
		{"", `var f func() string = sb.String; fmt.Println(f())`, "x"},
		{"", `f := sb.String; fmt.Println(f())`, "x"},
		{"", `var f func() string; f = sb.String; fmt.Println(f())`, "x"},
		{"", `var f func(string) (int, error) = sb.WriteString; f("y"); fmt.Println(sb.String())`, "xy"},
		{"", `fs := []func() string{sb.String, d.String}; fmt.Println(fs[0](), fs[1]())`, "x 5ns"},
		{"", `fmt.Println(call(sb.String))`, "x"},
		{"", `f := sb.Len; sb.WriteString("more"); fmt.Println(f())`, "5"},
		{"", `b := strings.Builder{}; f := b.Len; b.WriteString("ab"); fmt.Println(f())`, "2"},
		{"", `type W struct{ *strings.Builder }; w := W{sb}; var f func() string = w.String; fmt.Println(f())`, "x"},
		{"", `var f func() string = d.String; fmt.Println(f())`, "5ns"},
		{"", `var s fmt.Stringer = d; f := s.String; fmt.Println(f())`, "5ns"},
		{"", `f := (*strings.Builder).String; fmt.Println(f(sb))`, "x"},
		{"", `var f func(*strings.Builder) string = (*strings.Builder).String; fmt.Println(f(sb))`, "x"},
		{"", `f := time.Duration.String; fmt.Println(f(7))`, "7ns"},
		{"", `var f func(time.Duration) string = time.Duration.String; fmt.Println(f(7))`, "7ns"},
		{"", `f := (*time.Duration).String; fmt.Println(f(&d))`, "5ns"},
		{"", `fmt.Println((*strings.Builder).Len(sb), time.Duration.Hours(3600e9))`, "1 1"},
		{"", `f := fmt.Stringer.String; fmt.Println(f(d))`, "5ns"},
		{"", `var f func(error) string = error.Error; fmt.Println(f(fmt.Errorf("e")))`, "e"},
		{"", `f := fmt.Fprintf; fmt.Println(f != nil)`, "true"},
		{"var f func() string = sb.String", `fmt.Println(f())`, "x"},
		{"var f = sb.String", `fmt.Println(f())`, "x"},
		{"var f = (*strings.Builder).String", `fmt.Println(f(sb))`, "x"},
		{"var f = time.Duration.String", `fmt.Println(f(8))`, "8ns"},
	} {
		var out bytes.Buffer
		i := interp.New(interp.Options{Stdout: &out})
		if err := i.Use(stdlib.Symbols); err != nil {
			t.Fatal(err)
		}
		src := "package main\nimport (\"fmt\"; \"strings\"; \"time\")\nvar sb = &strings.Builder{}\nvar d = time.Duration(5)\n" +
			"func call(f func() string) string { return f() }\n" + c.glob + "\nfunc main() {\nsb.WriteString(\"x\")\n" + c.body + "\n}\n"
		if _, err := i.Eval(src); err != nil {
			t.Errorf("%s | %s: %v", c.glob, c.body, err)
			continue
		}
		if got := strings.TrimSpace(out.String()); got != c.want {
			t.Errorf("%s | %s: %s, want %s", c.glob, c.body, got, c.want)
		}
	}
}

// culab patch 8: a method expression that Go refuses is a compile error
// that says why.
func TestBinMethodExpressionErrors(t *testing.T) {
	for src, want := range map[string]string{
		`f := strings.Builder.String`: "invalid method expression strings.Builder.String (needs pointer receiver (*strings.Builder).String)",
		`f := time.Duration.Nope`:     "time.Duration.Nope undefined (type time.Duration has no method Nope)",
	} {
		i := interp.New(interp.Options{})
		if err := i.Use(stdlib.Symbols); err != nil {
			t.Fatal(err)
		}
		_, err := i.Eval("package main\nimport (\"strings\"; \"time\")\nfunc main() {\n" + src + "\n_ = f\n}\n")
		if err == nil || !strings.Contains(err.Error(), want) {
			t.Errorf("%s: %v, want %s", src, err, want)
		}
	}
}

// culab patch 8: a package-level variable declared in one evaluation
// whose value uses a variable of an earlier one (a notebook's cells).
func TestGlobalVarFromEarlierEval(t *testing.T) {
	i := interp.New(interp.Options{})
	if err := i.Use(stdlib.Symbols); err != nil {
		t.Fatal(err)
	}
	for _, src := range []string{`import ("strings"; "time")`, `var sb = &strings.Builder{}`, `var d = time.Duration(5)`, `n := 2`} {
		if _, err := i.Eval(src); err != nil {
			t.Fatalf("%s: %v", src, err)
		}
	}
	for src, want := range map[string]string{
		"var y1 = d + 1\ny1":                                        "6ns",
		"var y2 = n * 3\ny2":                                        "6",
		"var y3, y4 = sb, d.String()\ny4":                           "5ns",
		"var y5 func() string = d.String\ny5()":                     "5ns",
		"var y6 = sb.WriteString\nvar y7, _ = y6(\"ab\")\nsb.Len()": "2",
	} {
		v, err := evalLines(i, src)
		if err != nil {
			t.Errorf("%q: %v", src, err)
			continue
		}
		if got := fmtValue(v); got != want {
			t.Errorf("%q = %s, want %s", src, got, want)
		}
	}
}

// culab patch 8: a method expression of an interpreted type used as a
// value (assigned, passed) takes the receiver first; called directly it
// always did. In a function and, evaluation by evaluation, at the top
// level.
func TestMethodExpressionValues(t *testing.T) {
	prelude := "package main\nimport \"fmt\"\ntype T struct{ x int }\nfunc (q T) Get() int { return q.x }\n" +
		"func (q *T) Set(v int) { q.x = v }\nfunc apply(f func(T) int, v T) int { return f(v) }\n"
	for body, want := range map[string]string{
		`f := T.Get; fmt.Println(f(T{2}))`:                    "2",
		`var f func(T) int = T.Get; fmt.Println(f(T{3}))`:     "3",
		`f := (*T).Set; p := &T{}; f(p, 4); fmt.Println(p.x)`: "4",
		`f := (*T).Get; fmt.Println(f(&T{5}))`:                "5",
		`fmt.Println(apply(T.Get, T{6}))`:                     "6",
		`fmt.Println(T.Get(T{7}))`:                            "7",
	} {
		var out bytes.Buffer
		i := interp.New(interp.Options{Stdout: &out})
		if err := i.Use(stdlib.Symbols); err != nil {
			t.Fatal(err)
		}
		if _, err := i.Eval(prelude + "func main() {\n" + body + "\n}\n"); err != nil {
			t.Errorf("%s: %v", body, err)
			continue
		}
		if got := strings.TrimSpace(out.String()); got != want {
			t.Errorf("%s: %s, want %s", body, got, want)
		}
	}
	i := interp.New(interp.Options{})
	if err := i.Use(stdlib.Symbols); err != nil {
		t.Fatal(err)
	}
	if _, err := evalLines(i, "type T struct{ x int }\nfunc (q T) Get() int { return q.x }\nfunc apply(f func(T) int, v T) int { return f(v) }"); err != nil {
		t.Fatal(err)
	}
	for src, want := range map[string]string{"g := T.Get\ng(T{8})": "8", "apply(T.Get, T{9})": "9"} {
		v, err := evalLines(i, src)
		if err != nil {
			t.Errorf("%q: %v", src, err)
		} else if got := fmtValue(v); got != want {
			t.Errorf("%q = %s, want %s", src, got, want)
		}
	}
}
