package goengine

import (
	"strings"
	"testing"
)

// A struct type with a field of an array type past the cell's memory cap
// is refused as the array type alone is (yaegi patches 146 and 152); it
// was declared without the field, and a use of the field said "undefined
// selector". The name can be declared again.
func TestHugeArrayField(t *testing.T) {
	e, _ := guardedEngine(t) // a cap of about 100 MiB
	for _, code := range []string{
		"type afT struct{ n int; a [1 << 30]byte }",
		"type afT struct{ a [1 << 30]byte }\nfunc (afT) Len() int { return 0 }",
		"type afW struct{ inner struct{ a [1 << 30]byte } }",
	} {
		if xe := fails(t, e, code); !strings.Contains(xe.Value, "array too large: array [1073741824]uint8 of 1 GiB refused") {
			t.Errorf("%q: %s: %s", code, xe.Name, xe.Value)
		}
	}
	if got := ok(t, e, "type afT struct{ n int; a [4]byte }\nlen(afT{}.a)").result(); got != "4" {
		t.Errorf("afT declared again: %q", got)
	}
}
