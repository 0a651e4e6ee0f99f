package goengine

import (
	"slices"
	"strings"
	"testing"
)

func TestComplete(t *testing.T) {
	e := shared(t)
	ok(t, e, `var sb strings.Builder
type Acc struct{ Total int }
func (a *Acc) Add(d int) { a.Total += d }
acc := &Acc{}
accent := 1`)
	for _, c := range []struct {
		code       string
		want       []string // among the matches
		wantNot    []string
		start, end int
	}{
		{code: "fmt.Pri", want: []string{"Print", "Printf", "Println"}, wantNot: []string{"Sprint"}, start: 4, end: 7},
		{code: "x := sb.Wr", want: []string{"Write", "WriteByte", "WriteString"}, start: 8, end: 10},
		{code: "acc.", want: []string{"Add", "Total"}, start: 4, end: 4},
		{code: "ac", want: []string{"acc", "accent"}, wantNot: []string{"append"}, start: 0, end: 2},
		{code: "cudalib.Op", want: []string{"Open", "OpenDevice"}, start: 8, end: 10},
		{code: "display.HT", want: []string{"HTML"}, start: 8, end: 10},
		{code: "%he", want: []string{"help"}, start: 1, end: 3},
		{code: "f(1).", want: nil, start: 5, end: 5},
	} {
		rep := e.Complete(c.code, len(c.code))
		for _, w := range c.want {
			if !slices.Contains(rep.Matches, w) {
				t.Errorf("Complete(%q) = %v, want %s among them", c.code, rep.Matches, w)
			}
		}
		for _, w := range c.wantNot {
			if slices.Contains(rep.Matches, w) {
				t.Errorf("Complete(%q) offers %s", c.code, w)
			}
		}
		if c.want == nil && len(rep.Matches) > 0 {
			t.Errorf("Complete(%q) = %v, want none", c.code, rep.Matches)
		}
		if rep.CursorStart != c.start || rep.CursorEnd != c.end {
			t.Errorf("Complete(%q) replaces [%d:%d], want [%d:%d]", c.code, rep.CursorStart, rep.CursorEnd, c.start, c.end)
		}
	}
}

func TestInspect(t *testing.T) {
	e := shared(t)
	ok(t, e, `// square returns x squared.
func square(x int) int { return x * x }
answer := 42
var gpu *cudalib.Device`)
	for _, c := range []struct {
		code   string
		cursor int
		want   []string
	}{
		{"fmt.Println", 6, []string{"func Println(a ...any) (n int, err error)", "Println formats"}},
		{"dev, err := cudalib.Open()", 25, []string{"func Open() (*Device, error)", "Open opens the default device"}},
		{"square(3)", 2, []string{"func square(x int) int", "square returns x squared"}},
		{"square(3)", 7, []string{"func square(x int) int"}},
		{"answer", 3, []string{"type:  int", "value: 42"}},
		{"gpu.Info()", 6, []string{"func (d *Device) Info() Info"}},
		{"display", 2, []string{"package display", "Package display shows rich values"}},
	} {
		rep := e.Inspect(c.code, c.cursor, 0)
		text, _ := rep.Data["text/plain"].(string)
		if !rep.Found {
			t.Errorf("Inspect(%q, %d): not found", c.code, c.cursor)
			continue
		}
		for _, w := range c.want {
			if !strings.Contains(text, w) {
				t.Errorf("Inspect(%q, %d) = %q, want it to contain %q", c.code, c.cursor, text, w)
			}
		}
	}
	if rep := e.Inspect("nosuchname", 3, 0); rep.Found {
		t.Errorf("Inspect of an unknown name found %v", rep.Data)
	}
}

func TestIsComplete(t *testing.T) {
	e := shared(t)
	for _, c := range []struct{ code, status, indent string }{
		{"", "complete", ""},
		{"x := 1", "complete", ""},
		{"func f() {", "incomplete", "\t"},
		{"for {\n\tif x {", "incomplete", "\t\t"},
		{"x := 1 +", "incomplete", "\t"},
		{"s := `raw", "incomplete", ""},
		{"x := )", "invalid", ""},
		{"}", "invalid", ""},
		{"x := 1 2", "invalid", ""},
		{"%%cuda\n__global__ void k() {", "complete", ""},
		{"%time x := 1", "complete", ""},
	} {
		rep := e.IsComplete(c.code)
		if rep.Status != c.status || rep.Indent != c.indent {
			t.Errorf("IsComplete(%q) = %q %q, want %q %q", c.code, rep.Status, rep.Indent, c.status, c.indent)
		}
	}
}
