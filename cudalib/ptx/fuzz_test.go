package ptx

import (
	"bytes"
	"errors"
	"os"
	"testing"
)

// FuzzParse checks that no input panics, that every failure is an *Error
// pointing inside the input, and that a parsed module is consistent. Plain
// `go test` runs the seeds only; fuzz by hand with
// go test -fuzz FuzzParse -fuzztime 60s ./cudalib/ptx.
func FuzzParse(f *testing.F) {
	for _, path := range samples(f) {
		src, err := os.ReadFile(path)
		if err != nil {
			f.Fatal(err)
		}
		f.Add(src)
	}
	f.Add([]byte(handPTX))
	for _, c := range badPTX {
		f.Add([]byte(c.src))
	}
	f.Fuzz(func(t *testing.T, src []byte) {
		m, err := Parse("fuzz.ptx", src)
		if err != nil {
			var pe *Error
			if !errors.As(err, &pe) {
				t.Fatalf("error %T is not a *Error: %v", err, err)
			}
			if lines := bytes.Count(src, []byte("\n")) + 1; pe.Line < 1 || pe.Line > lines || pe.Col < 1 {
				t.Fatalf("error position %d:%d outside the input (%d lines): %v", pe.Line, pe.Col, lines, err)
			}
			return
		}
		for _, fn := range m.Funcs {
			for l, i := range fn.Labels {
				if i < 0 || i > len(fn.Body) {
					t.Fatalf("%s: label %s -> %d of %d", fn.Name, l, i, len(fn.Body))
				}
			}
			for _, in := range fn.Body {
				if in.Op == "" || in.Text == "" {
					t.Fatalf("%s: empty instruction %+v", fn.Name, in)
				}
			}
		}
	})
}
