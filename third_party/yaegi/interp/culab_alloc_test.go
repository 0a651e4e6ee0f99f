package interp_test

import (
	"errors"
	"fmt"
	"strings"
	"testing"

	"github.com/traefik/yaegi/interp"
)

// culab patch 43: make and append's growth ask Options.AllocGuard, whose
// error is a panic that a recover catches; allocations within a slice's
// capacity ask nothing.
func TestAllocGuard(t *testing.T) {
	var asked []string
	refuse := errors.New("refused")
	i := interp.New(interp.Options{AllocGuard: func(what string, bytes int64) error {
		asked = append(asked, fmt.Sprint(what, " ", bytes))
		if bytes >= 1<<20 {
			return refuse
		}
		return nil
	}})
	for _, c := range []struct {
		code  string
		asked string // what the guard was asked, last
		err   string // the panic's message, "" for none
	}{
		{"a := make([]int64, 10, 100)", "make 800", ""},
		{"a = append(a, 1)", "", ""}, // within its capacity
		{"a = a[:100]; a = append(a, 1)", "append 1600", ""},
		{"b := make([]byte, 0, 300<<10); b = append(b, make([]byte, 300<<10+1)...)", "append 384000", ""},
		{"c := make([]byte, 900<<10); c = append(c, 1)", "append 1152000", "refused"},
		{"c = append(c, \"xy\"...)", "append 1152000", "refused"},
		{"c = append(c, 1, 2, 3)", "append 1152000", "refused"},
		{"cs := string(make([]byte, 600<<10)); cs = cs + cs", "+ 1228800", "refused"},
		{"cs += cs", "+ 1228800", "refused"},
		{"cs += \"x\"", "", ""}, // under 1 MiB: not asked
		{"m := make(map[int64]int64, 1<<16)", "make 1273270", "refused"},
		{"ch := make(chan [1024]byte, 1024)", "make 1048576", "refused"},
		{"func() (err any) { defer func() { err = recover() }(); _ = make([]byte, 2<<20); return nil }()", "make 2097152", ""},
	} {
		asked = nil
		_, err := i.Eval(c.code)
		last := ""
		if len(asked) > 0 {
			last = asked[len(asked)-1]
		}
		if last != c.asked {
			t.Errorf("%s: asked %q, want %q last", c.code, asked, c.asked)
		}
		if c.err == "" && err != nil || c.err != "" && (err == nil || !strings.Contains(err.Error(), c.err)) {
			t.Errorf("%s: %v, want %q", c.code, err, c.err)
		}
	}
}

// culab patch 43: append's growth past Options.MaxAlloc and a channel's
// buffer past it are Go's run-time errors; a map's size hint past it is
// ignored, as Go ignores one past its limit.
func TestAppendAndMakePastMaxAlloc(t *testing.T) {
	i := interp.New(interp.Options{MaxAlloc: 1 << 20})
	for _, c := range []struct{ code, want string }{
		{"a := make([]byte, 1<<20); len(append(a, 1))", "runtime error: growslice: len out of range"},
		{"len(append(make([]byte, 1<<19), make([]byte, 1<<19)...))", ""},
		{"len(append(make([]byte, 1<<19), make([]byte, 1<<19+1)...))", "runtime error: growslice: len out of range"},
		{"n := -1; make(chan int, n)", "makechan: size out of range"},
		{"make(chan int64, 1<<18)", "makechan: size out of range"},
		{"cap(make(chan int64, 1<<17))", ""},
		{"len(make(map[int]int, 1<<40))", ""},
	} {
		_, err := i.Eval(c.code)
		if c.want == "" && err != nil || c.want != "" && (err == nil || !strings.Contains(err.Error(), c.want)) {
			t.Errorf("%s: %v, want %q", c.code, err, c.want)
		}
	}
}

// culab patch 45: an array type past Options.MaxAlloc is a compile error,
// wherever it is used; new asks Options.AllocGuard.
func TestArrayPastMaxAlloc(t *testing.T) {
	var asked []string
	i := interp.New(interp.Options{MaxAlloc: 1 << 30, AllocGuard: func(what string, bytes int64) error {
		asked = append(asked, fmt.Sprint(what, " ", bytes))
		return nil
	}})
	for _, code := range []string{
		"p := new([1 << 36]byte)",
		"var q [1 << 36]byte",
		"func big() int { var r [1 << 36]byte; return len(r) }",
	} {
		if _, err := i.Eval(code); err == nil || !strings.Contains(err.Error(), "array too large: [") ||
			!strings.Contains(err.Error(), "past the 1 GiB that one allocation may take") {
			t.Errorf("%s: %v", code, err)
		}
	}
	asked = nil
	if v, err := i.Eval("len(new([1 << 20]int16))"); err != nil || v.Int() != 1<<20 {
		t.Errorf("a new array under the limit: %v %v", v, err)
	}
	if fmt.Sprint(asked) != "[array [1048576]int16 2097152 new 2097152]" { // the type (patch 146), then new
		t.Errorf("asked %q", asked)
	}
}

// culab patch 146: an array type that Options.AllocGuard refuses is a
// compile error, wherever it is used: a variable's storage is made with
// its frame, which the guard did not see.
func TestArrayRefusedByAllocGuard(t *testing.T) {
	i := interp.New(interp.Options{AllocGuard: func(what string, bytes int64) error {
		if bytes >= 1<<30 {
			return fmt.Errorf("%s of %d bytes refused", what, bytes)
		}
		return nil
	}})
	for _, code := range []string{
		"var q [1 << 31]byte",
		"func big() int { var r [1 << 28]int64; return len(r) }",
		"p := new([1 << 30]byte)",
	} {
		if _, err := i.Eval(code); err == nil || !strings.Contains(err.Error(), "array too large: array [") || !strings.Contains(err.Error(), "bytes refused") {
			t.Errorf("%s: %v", code, err)
		}
	}
	if _, err := i.Eval("var small [1 << 20]byte"); err != nil {
		t.Fatal(err)
	}
	if v, err := i.Eval("len(small)"); err != nil || v.Int() != 1<<20 {
		t.Errorf("an array the guard allows: %v %v", v, err)
	}
}

// culab patch 147: a named type whose definition fails (an array too
// large) reports why; the retry of declarations dereferenced its missing
// type, and the cell's error read "runtime error: invalid memory address
// or nil pointer dereference".
func TestNamedTypeThatFails(t *testing.T) {
	i := interp.New(interp.Options{MaxAlloc: 1 << 30})
	if _, err := i.Eval("type huge [1 << 36]byte"); err == nil || !strings.Contains(err.Error(), "array too large: [68719476736]uint8 takes 64 GiB") {
		t.Errorf("type huge: %v", err)
	}
}

// culab patch 152: a struct type with a field of an array type that is
// refused is refused too, declared or asked again; it was declared
// without the field.
func TestStructFieldArrayRefused(t *testing.T) {
	const want = "array too large: [68719476736]uint8 takes 64 GiB"
	for _, src := range []string{
		"type T struct{ a [1 << 36]byte; b int }",
		"type T struct{ b int; a [1 << 36]byte }\nvar v T",
		"type T struct{ a [1 << 36]byte }\nfunc (T) M() {}",
		"type W struct{ x struct{ a [1 << 36]byte } }",
		"type L struct{ next *L; a [1 << 36]byte }",
	} {
		i := interp.New(interp.Options{MaxAlloc: 1 << 30})
		if _, err := i.Eval(src); err == nil || !strings.Contains(err.Error(), want) {
			t.Errorf("%q: %v", src, err)
		}
		if _, err := i.Eval("type T struct{ a [4]byte; b int }\nvar v T"); err != nil {
			t.Errorf("after %q, T declared again: %v", src, err)
		}
		if v, err := i.Eval("len(v.a) + v.b"); err != nil || v.Interface() != 4 {
			t.Errorf("after %q, T declared again: %v, %v", src, v, err)
		}
	}
}
