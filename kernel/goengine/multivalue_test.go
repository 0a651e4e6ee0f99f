package goengine

import (
	"fmt"
	"strings"
	"testing"
)

// A call of two results where Go wants one value is a compile error, with
// Go's message, and the cell prints nothing (yaegi patch 91): `v := two()`
// compiled and kept the first result, a silent wrong answer.
func TestMultiValueErrors(t *testing.T) {
	e := shared(t)
	ok(t, e, "func mvTwo() (int, error) { return 1, errors.New(\"x\") }\nfunc mvOne() int { return 1 }\nfunc mvF1(int) {}\nfunc mvF2(int, error) {}")
	for _, c := range []struct {
		code string
		line int
		want string
	}{
		{"mvV := mvTwo()\nfmt.Println(mvV)", 1, "assignment mismatch: 1 variable but mvTwo returns 2 values"},
		{"fmt.Println(0)\nmvN := strconv.Atoi(\"12\")\nfmt.Println(mvN)", 2, "assignment mismatch: 1 variable but strconv.Atoi returns 2 values"},
		{"var mvQ = strconv.Atoi(\"13\")\nfmt.Println(mvQ)", 1, "multiple-value strconv.Atoi(\"13\") (value of type (int, error)) in single-value context"},
		{"var mvX int\nmvX = mvTwo()\nfmt.Println(mvX)", 2, "assignment mismatch: 1 variable but mvTwo returns 2 values"},
		{"func mvIn() int {\n\tv := mvTwo()\n\treturn v\n}\nfmt.Println(mvIn())", 2, "assignment mismatch: 1 variable but mvTwo returns 2 values"},
		{"mvRep := labs.Check(nil, labs.VecAddSpec())\nfmt.Println(mvRep)", 1, "assignment mismatch: 1 variable but labs.Check returns 2 values"},
		{"mvA, mvB := mvOne()\nfmt.Println(mvA, mvB)", 1, "assignment mismatch: 2 variables but mvOne returns 1 value"},
		{"fmt.Println(0)\nmvF1(mvTwo())", 2, "too many arguments in call to mvF1\n\thave (int, error)\n\twant (int)"},
		{"fmt.Println(mvTwo() + 1)", 1, "multiple-value mvTwo() (value of type (int, error)) in single-value context"},
		{"func mvRet() int {\n\treturn mvTwo()\n}\nfmt.Println(mvRet())", 2, "too many return values\n\thave (int, error)\n\twant (int)"},
	} {
		r, rep := exec(t, e, c.code)
		xe := rep.Error
		if xe == nil {
			t.Errorf("%q: succeeded, printed %q; want a compile error", c.code, r.text("stdout"))
			continue
		}
		if xe.Name != "CompileError" || !strings.Contains(xe.Value, c.want) || !strings.HasPrefix(xe.Value, fmt.Sprintf("line %d:", c.line)) {
			t.Errorf("%q: %s: %s; want a CompileError at line %d with %q", c.code, xe.Name, xe.Value, c.line, c.want)
		}
		if out := r.text("stdout"); out != "" {
			t.Errorf("%q printed %q; want nothing", c.code, out)
		}
	}
	r := ok(t, e, "mvF2(mvTwo())\nfunc mvPass() (int, error) { return mvTwo() }\nmvV, mvErr := mvPass()\nfmt.Println(mvV, mvErr)\nfmt.Println(mvTwo())")
	if got, want := r.text("stdout"), "1 x\n1 x\n"; got != want {
		t.Errorf("multi-value calls Go allows: %q, want %q", got, want)
	}
}

// A constant index out of an array's or a constant string's bounds, or a
// negative one, is a compile error with Go's message (yaegi patch 92);
// "abc"[5] and a[-1] were run-time panics after the cell's first prints.
func TestConstIndexErrors(t *testing.T) {
	e := shared(t)
	for _, c := range []struct{ code, want string }{
		{"var ciA [3]int\nfmt.Println(0)\nfmt.Println(ciA[5])", "line 3: invalid argument: index 5 out of bounds [0:3]"},
		{"fmt.Println(0)\nfmt.Println(\"abc\"[5])", "line 2: invalid argument: index 5 out of bounds [0:3]"},
		{"var ciB [3]int\nfmt.Println(0)\nfmt.Println(ciB[-1])", "line 3: invalid argument: index -1 (constant of type int) must not be negative"},
	} {
		r, rep := exec(t, e, c.code)
		if xe := rep.Error; xe == nil || xe.Name != "CompileError" || !strings.HasPrefix(xe.Value, c.want) {
			t.Errorf("%q: %+v; want a CompileError %q", c.code, xe, c.want)
		}
		if out := r.text("stdout"); out != "" {
			t.Errorf("%q printed %q; want nothing", c.code, out)
		}
	}
}
