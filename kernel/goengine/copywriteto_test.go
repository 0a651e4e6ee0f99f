package goengine

import "testing"

// The cells' io.Copy stops with the cell (readers.go), and calls a
// source's WriteTo as Go's does: a cell type's WriteTo was never called
// (its reads were), nor, through strings.Reader's WriteTo, a cell
// writer's WriteString.
func TestCopyCallsWriteTo(t *testing.T) {
	e := shared(t)
	ok(t, e, `import "io"
type cwSrc struct{ data string; pos int }
func (s *cwSrc) Read(p []byte) (int, error) {
	if s.pos >= len(s.data) {
		return 0, io.EOF
	}
	n := copy(p, s.data[s.pos:])
	s.pos += n
	return n, nil
}
func (s *cwSrc) WriteTo(w io.Writer) (int64, error) {
	n, err := io.WriteString(w, "<"+s.data+">")
	return int64(n), err
}
type cwUpper struct{ b *strings.Builder }
func (u cwUpper) Write(p []byte) (int, error) { return u.b.Write(p) }
func (u cwUpper) WriteString(s string) (int, error) { return u.b.WriteString(strings.ToUpper(s)) }`)
	for _, c := range []struct{ code, want string }{
		{"var cwB strings.Builder\ncwN, cwErr := io.Copy(&cwB, &cwSrc{data: \"hi\"})\nfmt.Println(cwB.String(), cwN, cwErr)", "<hi> 4 <nil>\n"},
		{"var cwB2 strings.Builder\nio.CopyBuffer(&cwB2, &cwSrc{data: \"yo\"}, make([]byte, 8))\nfmt.Println(cwB2.String())", "<yo>\n"},
		{"var cwB3 strings.Builder\nio.Copy(cwUpper{&cwB3}, strings.NewReader(\"abc\"))\nfmt.Println(cwB3.String())", "ABC\n"},
		{"var cwB4 strings.Builder\nio.CopyN(&cwB4, &cwSrc{data: \"long\"}, 2)\nfmt.Println(cwB4.String())", "lo\n"},
	} {
		if got := ok(t, e, c.code).text("stdout"); got != c.want {
			t.Errorf("%q: %q, want %q", c.code, got, c.want)
		}
	}
}
