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
