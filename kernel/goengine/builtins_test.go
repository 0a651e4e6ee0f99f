package goengine

import "testing"

// The builtins print and println write to stderr, as in Go; a cell's own
// println is its own.
func TestBuiltinPrintGoesToStderr(t *testing.T) {
	e := shared(t)
	r := ok(t, e, "println(\"to stderr\", 1)\nprint(\"a\", \"b\", 2, \"\\n\")\nfunc() { defer println(\"deferred\") }()")
	if got := r.text("stderr"); got != "to stderr 1\nab2\ndeferred\n" {
		t.Errorf("stderr %q", got)
	}
	if got := r.text("stdout"); got != "" {
		t.Errorf("stdout %q", got)
	}
	r = ok(t, e, "func shadow() { println := func(s string) { fmt.Println(\"mine\", s) }; println(\"x\") }\nshadow()")
	if got := r.text("stdout"); got != "mine x\n" {
		t.Errorf("a local println: %q", got)
	}
}

// unsafe.Slice, unsafe.String and the like in cells (yaegi patch 111):
// at the top level of a cell, where they define globals, and in a
// function; a misuse is a compile error that says what is wrong.
func TestUnsafeSliceInCells(t *testing.T) {
	e := shared(t)
	ok(t, e, "import \"unsafe\"\nusArr := [4]int{1, 2, 3, 4}\nusView := unsafe.Slice(&usArr[1], 2)\nusView[0] = 20")
	if got := ok(t, e, "usArr").result(); got != "[1 20 3 4]" {
		t.Errorf("usArr = %s", got)
	}
	if got := ok(t, e, "usB := []byte(\"gopher\")\nusS := unsafe.String(unsafe.SliceData(usB), 2)\nusS + string(*unsafe.StringData(\"x\"))").result(); got != "gox" {
		t.Errorf("unsafe.String: %s", got)
	}
	xe := fails(t, e, "usN := 1\n_ = unsafe.String(&usN, 1)")
	if xe.Name != "CompileError" || xe.Value != "line 2: cannot use &usN (value of type *int) as *byte value in argument to unsafe.String" {
		t.Errorf("misuse: %s: %s", xe.Name, xe.Value)
	}
}
