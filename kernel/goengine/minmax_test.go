package goengine

import (
	"fmt"
	"strings"
	"testing"
)

// Go 1.21's builtins min, max and clear work in a cell (yaegi patch 4).
func TestMinMaxClear(t *testing.T) {
	e := shared(t)
	r := ok(t, e, `mmN := 5000
fmt.Println(min(3, 2), max(3, 2, 7), min(mmN, 1024), max(mmN, 1024))
fmt.Println(min(1.5, 2), max(2, 'a'), min("b", "a", "c"), max("b", "a"))
mmF := float32(0.25)
fmt.Printf("%T %v|%T %v|%T %v|%T %v\n", min(mmF, 1), min(mmF, 1), max(mmF, 1.5), max(mmF, 1.5), min(1.5, 2), min(1.5, 2), min(mmN, 1), min(mmN, 1))
fmt.Println(min(1.0, math.NaN()), max(math.NaN(), 1.0), min(math.Inf(-1), 0.0))
mmZ := math.Copysign(0, -1)
fmt.Println(math.Signbit(min(mmZ, 0.0)), math.Signbit(min(0.0, mmZ)), math.Signbit(max(mmZ, 0.0)))
const mmC = min(64, 1<<10, 256)
var mmA [mmC]byte
fmt.Println(len(mmA))
mmM := map[string]int{"a": 1, "b": 2}
mmS := []int{1, 2, 3}
clear(mmM)
clear(mmS[1:])
fmt.Println(len(mmM), mmS)`)
	want := "2 7 1024 5000\n1.5 97 a b\nfloat32 0.25|float32 1.5|float64 1.5|int 1\nNaN NaN -Inf\ntrue true false\n64\n0 [1 0 0]\n"
	if got := r.text("stdout"); got != want {
		t.Errorf("stdout:\n%s\nwant:\n%s", got, want)
	}
	if got := ok(t, e, "func mmBlocks(n, per int) int { return min((n+per-1)/per, 65535) }\nmmBlocks(1<<30, 256)").result(); got != "65535" {
		t.Errorf("min in a function: %s", got)
	}
}

// A type error in a call of min, max or clear is a compile error that
// names the line, not a panic.
func TestMinMaxClearTypeErrors(t *testing.T) {
	e := shared(t)
	for _, c := range []struct{ code, want string }{
		{`fmt.Println(min(1, "a"))`, "mismatched types untyped int and untyped string"},
		{"mmI, mmG := 1, 2.0\n_ = max(mmI, mmG)", "mismatched types int and float64"},
		{"_ = max(true, false)", "cannot be ordered"},
		{"mmX := 3\nclear(mmX)", "cannot clear int"},
		{"mmV := min", "use of builtin min not in function call"},
	} {
		xe := fails(t, e, c.code)
		line := strings.Count(c.code, "\n") + 1
		if xe.Name != "CompileError" || !strings.Contains(xe.Value, c.want) || !strings.HasPrefix(xe.Value, fmt.Sprintf("line %d:", line)) {
			t.Errorf("%q: %s: %s; want a CompileError at line %d with %q", c.code, xe.Name, xe.Value, line, c.want)
		}
	}
}

// A cell may still declare its own min, which shadows the builtin.
func TestOwnMinShadowsBuiltin(t *testing.T) {
	e, err := New(Options{})
	if err != nil {
		t.Fatal(err)
	}
	defer e.Shutdown(false)
	ok(t, e, "func min(a, b int) int { if a < b { return a }; return b }")
	if got := ok(t, e, "min(4, 3)").result(); got != "3" {
		t.Errorf("own min: %s", got)
	}
}
