package interp_test

import (
	"strings"
	"testing"

	"github.com/traefik/yaegi/interp"
)

// culab patch 34: a make past Options.MaxAlloc is Go's run-time error, which
// a recover catches, not the runtime's fatal "out of memory"; below it, make
// works.
func TestMakePastMaxAlloc(t *testing.T) {
	i := interp.New(interp.Options{MaxAlloc: 1 << 20})
	if _, err := i.Eval("func mk(n int) []int64 { return make([]int64, n) }"); err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct{ code, want string }{
		{"len(mk(1 << 17))", ""},
		{"mk(1<<17 + 1)", "runtime error: makeslice: len out of range"},
		{"mk(1 << 40)", "runtime error: makeslice: len out of range"},
		{"make([]byte, 0, 1<<21)", "runtime error: makeslice: cap out of range"},
		{"make([]struct{}, 1<<40)", ""}, // no bytes
	} {
		_, err := i.Eval(c.code)
		if c.want == "" && err != nil || c.want != "" && (err == nil || !strings.Contains(err.Error(), c.want)) {
			t.Errorf("%s: %v, want %q", c.code, err, c.want)
		}
	}
}
