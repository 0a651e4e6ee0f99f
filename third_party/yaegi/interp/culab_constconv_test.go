package interp_test

import (
	"strings"
	"testing"
)

// culab patch 82: converting a constant to a numeric type that cannot
// represent it is a compile error, with Go's message.
func TestConstConversionErrors(t *testing.T) {
	decl := "type celsius float64\ntype small int8\nconst c celsius = 2.5\n"
	for _, c := range []struct{ src, want string }{
		{"int(celsius(-7.9))", "cannot convert celsius(-7.9) (constant -7.9 of float64 type celsius) to type int"},
		{"int(-7.9)", "cannot convert -7.9 (untyped float constant) to type int"},
		{"int(7.5e0)", "cannot convert 7.5e0 (untyped float constant 7.5) to type int"},
		{"int(c)", "cannot convert c (constant 2.5 of float64 type celsius) to type int"},
		{"int64(float32(1.5))", "cannot convert float32(1.5) (constant 1.5 of type float32) to type int64"},
		{"small(celsius(300))", "cannot convert celsius(300) (constant 300 of float64 type celsius) to type small"},
		{"float32(celsius(1e300))", "cannot convert celsius(1e300) (constant 1e+300 of float64 type celsius) to type float32"},
		{"int8(int(200))", "constant 200 overflows int8"},
		{"int8(128)", "constant 128 overflows int8"},
		{"int16(-32769)", "constant -32769 overflows int16"},
		{"uint8(small(-1))", "constant -1 overflows uint8"},
		{"uint(-1)", "constant -1 overflows uint"},
	} {
		_, err := eval(t, decl+c.src)
		if err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%s: error %v, want %q", c.src, err, c.want)
		}
	}
	for _, c := range []struct{ src, want string }{
		{"int(celsius(2))", "int 2"},
		{"int(c * 2)", "int 5"},
		{"int8(-128)", "int8 -128"},
		{"int8(127)", "int8 127"},
		{"byte(celsius(255))", "uint8 255"},
		{"int64(-1 << 63)", "int64 -9223372036854775808"},
		{"float32(c)", "float32 2.5"},
	} {
		got, err := eval(t, decl+c.src)
		if err != nil || got != c.want {
			t.Errorf("%s = %s, %v; want %s", c.src, got, err, c.want)
		}
	}
}
