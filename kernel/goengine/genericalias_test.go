package goengine

import (
	"strings"
	"testing"
)

// Generic type aliases (yaegi patch 48) declared in one cell and used in
// later ones: an instance is the aliased type, and a misuse is the cell's
// compile error. The outputs are Go's.
func TestGenericAliasAcrossCells(t *testing.T) {
	e := shared(t)
	ok(t, e, "type gaVec[T any] = []T\ntype gaQueue[T any] struct{ xs []T }\nfunc (q *gaQueue[T]) Push(x T) { q.xs = append(q.xs, x) }\ntype gaFifo[T any] = gaQueue[T]")
	for _, c := range []struct{ code, want string }{
		{"var gaV gaVec[int] = []int{1}\nfmt.Printf(\"%T %v\\n\", gaV, gaV)", "[]int [1]\n"},
		{"var gaW []int = gaV\ngaV = append(gaVec[int]{0}, gaW...)\nvar gaF gaFifo[string]\ngaF.Push(\"a\")\nfmt.Printf(\"%v %v %T\\n\", gaV, gaF.xs, gaF)", "[0 1] [a] main.gaQueue[string]\n"},
		{"func gaLen[T any](v gaVec[T]) int { return len(v) }\nfmt.Println(gaLen(gaV), gaLen[string](nil))", "2 0\n"},
	} {
		if got := ok(t, e, c.code).text("stdout"); got != c.want {
			t.Errorf("%q printed %q, want %q", c.code, got, c.want)
		}
	}
	for _, c := range []struct{ code, want string }{
		{"var gaBad gaVec", "cannot use generic type gaVec without instantiation"},
		{"var gaBad2 gaVec[int, string]", "too many type arguments for type gaVec: have 2, want 1"},
	} {
		if err := fails(t, e, c.code); !strings.Contains(err.Value, c.want) {
			t.Errorf("%q: %s, want %q", c.code, err.Value, c.want)
		}
	}
}
