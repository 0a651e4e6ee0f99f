package interp

import (
	"strings"
	"testing"
)

// culab patch 25: a node whose generator made no code stops its function
// with an error naming it, where it stopped the function silently.
func TestNoCodeIsAnError(t *testing.T) {
	i := New(Options{})
	n := &node{interp: i, kind: unaryExpr, action: aNeg, gen: func(*node) {}}
	setExec(n)
	defer func() {
		r := recover()
		if err, ok := r.(error); !ok || !strings.Contains(err.Error(), "no code generated for unaryExpr") {
			t.Errorf("recovered %v, want the error of a node without code", r)
		}
	}()
	n.exec(nil)
	t.Error("the node without code ran")
}
