package goengine

import (
	"strings"
	"testing"
)

// A cell that calls into a package it did not import, or a function it
// misspelled, is told which name is undefined, as go build says (yaegi
// patch 148); a generic function printed without its type arguments is
// refused as Go refuses it (patch 149).
func TestUndefinedPackageInCell(t *testing.T) {
	// A new engine: the shared one may have imported encoding/json.
	e, err := New(Options{})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { e.Shutdown(false) })
	for _, c := range []struct{ code, want string }{
		{"upB, upErr := json.Marshal(1)", "undefined: json"},
		{"upQ, upR := divmdo(7, 2)", "undefined: divmdo"},
		{"fmt.Println(unicode.IsUpper('A'))", "undefined: unicode"},
		{"upX := upSqr(7)", "undefined: upSqr"},
		{"var upV []upT", "undefined: upT"},
		{"func upG[T any](x T) T { return x }\nfmt.Println(upG)", "cannot use generic function upG without instantiation"},
	} {
		if xe := fails(t, e, c.code); !strings.Contains(xe.Value, c.want) {
			t.Errorf("%q: %s: %s, want %q", c.code, xe.Name, xe.Value, c.want)
		}
	}
}
