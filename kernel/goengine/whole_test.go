package goengine

import (
	"fmt"
	"strings"
	"testing"

	"github.com/culab/culab/kernel"
)

// A cell with an error on its last line runs none of its first lines: the
// fixed cell, run again, prints once.
func TestCellRunsWholeOrNotAtAll(t *testing.T) {
	e := shared(t)
	for _, c := range []struct{ name, code, want string }{
		{"syntax", "fmt.Println(\"side effect\")\nw1 := 1\nw1 +", "SyntaxError"},
		{"type", "fmt.Println(\"side effect\")\nw2 := 1\nvar w3 string = w2", "CompileError"},
		{"undefined", "fmt.Println(\"side effect\")\nw4 := 1\nw5 := w4 + undefinedW", "CompileError"},
		{"time", "%time fmt.Println(\"side effect\")\nw6 := 1 +", "SyntaxError"},
		{"magic", "fmt.Println(\"side effect\")\n%nosuchmagic", "SyntaxError"},
	} {
		r, rep := exec(t, e, c.code)
		if rep.Error == nil || rep.Error.Name != c.want {
			t.Errorf("%s: error %+v, want %s", c.name, rep.Error, c.want)
		}
		if out := r.text("stdout"); out != "" {
			t.Errorf("%s: the cell printed %q before its error", c.name, out)
		}
	}
	r := ok(t, e, "fmt.Println(\"side effect\")\nw1 := 1\nw1 + 1")
	if r.text("stdout") != "side effect\n" || r.result() != "2" {
		t.Errorf("fixed cell: stdout %q, result %q", r.text("stdout"), r.result())
	}
}

// What a cell that did not run declared: its variables are unset (a later
// cell that reads one is told where it is defined and why it has no
// value), its functions are declared, and a variable it would have set
// again keeps its value.
func TestUnsetVariables(t *testing.T) {
	e := shared(t)
	ok(t, e, "u1 := 5\nu2 := 7")
	fails(t, e, "u1 := u1 * 2\nu2 := \"seven\"\nu3 := 1\nfunc uf() int { return 42 }\nu7 := 0\nfunc ug() int { return 1 }\nvar u4 string = u3")
	if got := ok(t, e, "u1").result(); got != "5" {
		t.Errorf("u1 = %q, want 5: a variable the failed cell would have assigned keeps its value", got)
	}
	for _, name := range []string{"u2", "u3"} {
		xe := fails(t, e, "fmt.Println("+name+")")
		if xe.Name != "NameError" || !strings.Contains(xe.Value, name+" has no value") || !strings.Contains(xe.Value, "did not compile") {
			t.Errorf("%s: %s: %s", name, xe.Name, xe.Value)
		}
	}
	if got := ok(t, e, "uf()").result(); got != "42" {
		t.Errorf("uf() = %q, want 42: a function of a cell that did not compile is declared whole", got)
	}
	// One declared with the declaration that failed may have no body.
	if xe := fails(t, e, "ug()"); !strings.Contains(xe.Value, "ug has no body") {
		t.Errorf("ug(): %s", xe.Value)
	}
	// Defined anew, by a cell that reads it after: fine.
	if got := ok(t, e, "u3 := 3\nu3 * 2").result(); got != "6" {
		t.Errorf("u3 * 2 = %q", got)
	}

	// A panic: the lines after it did not run.
	xe := fails(t, e, "u5 := 1\npanic(\"stop\")\nu6 := 2")
	if xe.Value != "stop" {
		t.Fatalf("panic: %s", xe.Value)
	}
	ok(t, e, "u5")
	xe = fails(t, e, "u6 + 1")
	if !strings.Contains(xe.Value, "line 3 defines it") || !strings.Contains(xe.Value, "stopped at line 2") {
		t.Errorf("u6 after a panic: %s", xe.Value)
	}
	// Reading it in the cell that defines it again is refused too: its
	// old value is gone.
	xe = fails(t, e, "u6 := u6 + 1")
	if xe.Name != "NameError" {
		t.Errorf("u6 := u6 + 1: %s: %s", xe.Name, xe.Value)
	}
	// A local of that name is another variable.
	if got := ok(t, e, "func() int { u6 := 4; return u6 }()").result(); got != "4" {
		t.Errorf("local u6 = %q", got)
	}
}

// Redefining a variable from itself within one cell reads the value the
// cell's line before set, though both compile before either runs.
func TestRedefineWithinCell(t *testing.T) {
	e := shared(t)
	if got := ok(t, e, "rd := 1\nrd := rd + 1\nrd, rd2 := rd*10, \"x\"\nrd").result(); got != "20" {
		t.Errorf("rd = %q, want 20", got)
	}
	if got := ok(t, e, "rs := []int{1}\nrs := append(rs, 2)\nrs").result(); got != "[1 2]" {
		t.Errorf("rs = %q", got)
	}
}

// func main runs once, when its cell runs, not again after later cells;
// calling it runs it.
func TestMainRunsOnce(t *testing.T) {
	e := shared(t)
	r := ok(t, e, "mainRuns := 0\nfunc main() { mainRuns++; fmt.Println(\"main\", mainRuns) }\nfmt.Println(\"after\")")
	if got := r.text("stdout"); got != "main 1\nafter\n" {
		t.Errorf("cell with main printed %q", got)
	}
	if got := ok(t, e, "mainRuns").result(); got != "1" {
		t.Errorf("main ran %s times by the next cell", got)
	}
	if got := ok(t, e, "main()\nmainRuns").result(); got != "2" {
		t.Errorf("after main(): %s runs", got)
	}
}

// A top-level name of a package in scope is refused, saying which package;
// a local one is Go's business.
func TestPackageNamesAreNotHidden(t *testing.T) {
	e := shared(t)
	for _, code := range []string{"n := 1000\nnb := (n + 255) / 256", "var fmt = 1", "func strings() {}", "type math int", "const nb = 3"} {
		xe := fails(t, e, code)
		if xe.Name != "NameError" || !strings.Contains(xe.Value, "is the package") {
			t.Errorf("%q: %s: %s", code, xe.Name, xe.Value)
		}
	}
	if got := ok(t, e, "func blocks(n int) int { nb := (n + 255) / 256; return nb }\nblocks(1000)").result(); got != "4" {
		t.Errorf("local nb: %q", got)
	}
	ok(t, e, "dev, err := nb.Device()\n_, _ = dev, err")
}

// Errors that named nothing or the interpreter's setup.
func TestClearCompileErrors(t *testing.T) {
	e := shared(t)
	ok(t, e, "var err error")
	for _, c := range []struct{ code, want string }{
		{"err := saxpy.Run(1)", "line 1: undefined: saxpy"},
		{"ue := notDeclared + 1", "line 1: undefined: notDeclared"},
		// A package the cell itself imports is not the undefined name
		// (it was "line 2: undefined: cmplx").
		{"import \"math/cmplx\"\nvar a = cmplx.Abs(1)\nconst c = notDefined + 1\nvar b = c", "line 3: undefined: notDefined"},
		{`import "C"`, "cgo is not available in cells"},
	} {
		xe := fails(t, e, c.code)
		if !strings.Contains(xe.Value, c.want) {
			t.Errorf("%q: %s, want %q", c.code, xe.Value, c.want)
		}
	}
}

// A long cell's compile is linear in its statements: 4000 one-line
// statements took 8.5 s and 8000 about 30 s, as each chunk parsed the
// whole cell before it (blanked) and listed every global after its
// compile; 4000 now take 0.3 s and 16000 0.9 s. Measured without a clock:
// what the interpreter's file set took for the cell's chunks (their parsed
// source) is within a constant of the cell's size, and the list of every
// global is made a bounded number of times, not once a chunk.
func TestLongCellCompileIsLinear(t *testing.T) {
	e := shared(t)
	const n = 3000
	var b strings.Builder
	b.WriteString("lin0 := 0\n")
	for i := 1; i < n; i++ {
		switch i % 4 {
		case 0:
			fmt.Fprintf(&b, "lin%d := lin%d + 1\n", i, i-1)
		case 1:
			fmt.Fprintf(&b, "lin%d, linErr := lin%d+1, error(nil)\n", i, i-1) // defines two: through temporaries
		case 2:
			fmt.Fprintf(&b, "for range 1 { _ = fmt.Sprint(%d) }\nlin%d := lin%d + 1\n", i, i, i-1)
		case 3:
			fmt.Fprintf(&b, "fmt.Sprint(%d)\nlin%d := lin%d + 1\n", i, i, i-1)
		}
	}
	fmt.Fprintf(&b, "_ = linErr\nlin%d", n-1)
	cell := b.String()
	fset := e.sess.in.FileSet()
	base, calls := fset.Base(), e.sess.globalsCalls.Load()
	if got := ok(t, e, cell).result(); got != fmt.Sprint(n-1) {
		t.Fatalf("lin%d = %s", n-1, got)
	}
	if grown := fset.Base() - base; grown > 2*len(cell)+n*200 {
		t.Errorf("the cell's chunks took %d bytes of the file set for %d of source: more than linear", grown, len(cell))
	}
	if c := e.sess.globalsCalls.Load() - calls; c > 4 {
		t.Errorf("every global was listed %d times for a cell of %d statements", c, n)
	}
}

// Chunks after line 1 are parsed with a line directive before them (for
// a compile linear in the cell's size): errors still point at the cell's
// line and column, whatever the kind of chunk and wherever on its line it
// starts, and a doc comment is the declaration's, without the directive.
func TestChunkPositionsAfterLineOne(t *testing.T) {
	e := shared(t)
	caret := func(xe *kernel.ExecError) int {
		tb := xe.Traceback
		if len(tb) < 3 || !strings.HasSuffix(tb[len(tb)-1], "^") {
			return -1
		}
		return len(tb[len(tb)-1]) - len("    ") // the column of the caret
	}
	for _, c := range []struct {
		code, name string
		line       int
		at         string // where the caret is on the line
	}{
		{"pa := 1\npb := 2; pc := pa + nosuchP", "CompileError", 2, "nosuchP"},
		{"pa := 1\n\n  pb := )", "SyntaxError", 3, ")"},
		{"pa := 1\nfor i := range 2 {\n\tvar s string = i\n}", "CompileError", 3, "i"},
		{"pa := 1\n_ = pa\nvar ps string = 3", "CompileError", 3, "3"},
		{"pa := 1\n_ = pa; var ps string = 3", "CompileError", 2, "3"},
	} {
		xe := fails(t, e, c.code)
		if want := fmt.Sprintf("line %d:", c.line); xe.Name != c.name || !strings.HasPrefix(xe.Value, want) {
			t.Errorf("%q: %s: %s, want %s at %s", c.code, xe.Name, xe.Value, c.name, want)
			continue
		}
		line := strings.Split(c.code, "\n")[c.line-1]
		if got, want := caret(xe), strings.LastIndex(line, c.at)+1; got != want {
			t.Errorf("%q: caret at column %d, want %d:\n%s", c.code, got, want, strings.Join(xe.Traceback, "\n"))
		}
	}
	ok(t, e, "pd := 1\n// PDouble doubles v.\nfunc PDouble(v int) int { return 2 * v }\npe := 2; // PTriple triples v.\nfunc PTriple(v int) int { return 3 * v }")
	ok(t, e, "pg := 1\npg2 := 2; func PNoDoc() {}")
	for name, want := range map[string]string{"PDouble": "PDouble doubles v.\n", "PTriple": "PTriple triples v.\n", "PNoDoc": ""} {
		if got := e.sess.decls[name].doc; got != want {
			t.Errorf("%s's doc %q, want %q", name, got, want)
		}
	}
	if got := ok(t, e, "pf := 4\npf *\n\t3").result(); got != "12" {
		t.Errorf("a result over two lines after line 1: %q", got)
	}
}
