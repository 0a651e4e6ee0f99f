package goengine

import (
	"fmt"
	"strings"
	"testing"
)

// A constant converted to a numeric type that cannot represent it is a
// compile error, with Go's message (yaegi patch 82): a typed constant
// (int(celsius(-7.9))) was truncated at run time, a silent wrong answer.
func TestConstConversionErrors(t *testing.T) {
	e := shared(t)
	ok(t, e, "type ccCelsius float64\ntype ccSmall int8\nconst ccC ccCelsius = 2.5")
	for _, c := range []struct{ code, want string }{
		{"fmt.Println(int(ccCelsius(-7.9)))", "cannot convert ccCelsius(-7.9) (constant -7.9 of float64 type ccCelsius) to type int"},
		{"fmt.Println(int(-7.9))", "cannot convert -7.9 (untyped float constant) to type int"},
		{"fmt.Println(1)\nfmt.Println(int(ccC))", "cannot convert ccC (constant 2.5 of float64 type ccCelsius) to type int"},
		{"fmt.Println(int64(float32(1.5)))", "cannot convert float32(1.5) (constant 1.5 of type float32) to type int64"},
		{"fmt.Println(int8(int(200)))", "constant 200 overflows int8"},
		{"fmt.Println(ccSmall(128))", "constant 128 overflows ccSmall"},
		{"fmt.Println(uint(-1))", "constant -1 overflows uint"},
		{"fmt.Println(float32(1e300))", "cannot convert 1e300 (untyped float constant 1e+300) to type float32"},
	} {
		xe := fails(t, e, c.code)
		line := strings.Count(c.code, "\n") + 1
		if xe.Name != "CompileError" || !strings.Contains(xe.Value, c.want) || !strings.HasPrefix(xe.Value, fmt.Sprintf("line %d:", line)) {
			t.Errorf("%q: %s: %s; want a CompileError at line %d with %q", c.code, xe.Name, xe.Value, line, c.want)
		}
	}
	r := ok(t, e, "fmt.Println(int(ccCelsius(2)), int(ccC*2), int8(-128), byte(ccCelsius(255)), float32(ccC))")
	if got, want := r.text("stdout"), "2 5 -128 255 2.5\n"; got != want {
		t.Errorf("representable conversions: %q, want %q", got, want)
	}
}
