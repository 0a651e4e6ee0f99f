package interp_test

import (
	"go/ast"
	"go/parser"
	"reflect"
	"runtime"
	"runtime/metrics"
	"testing"

	"github.com/traefik/yaegi/interp"
)

// liveHeap is the heap live after a collection.
func liveHeap() int64 {
	runtime.GC()
	s := []metrics.Sample{{Name: "/gc/heap/live:bytes"}}
	metrics.Read(s)
	return int64(s[0].Value.Uint64())
}

// runStmts compiles and runs src as statements at the package level, as
// culab's engine runs a cell, and clears their temporaries.
func runStmts(t *testing.T, i *interp.Interpreter, src string) {
	t.Helper()
	f, err := parser.ParseFile(i.FileSet(), "cell.go", "package main\nfunc main() {\n"+src+"\n}", 0)
	if err != nil {
		t.Fatal(err)
	}
	prog, err := i.CompileAST(f.Decls[0].(*ast.FuncDecl).Body)
	if err != nil {
		t.Fatalf("%s: %v", src, err)
	}
	if _, err := i.Execute(prog); err != nil {
		t.Fatalf("%s: %v", src, err)
	}
	i.ClearTemps(prog)
}

// culab patch 44: the values of expressions of statements run at the
// package level are freed by ClearTemps; variables, what pointers point to
// and what closures capture are kept.
func TestClearTemps(t *testing.T) {
	i := interp.New(interp.Options{})
	runStmts(t, i, "var keep int")
	before := liveHeap()
	for _, src := range []string{
		"keep = len(make([]byte, 64<<20))",
		"tq := make([]byte, 64<<20)\ntq = nil",
		"for range make([]byte, 64<<20) { break }",
		"tr := make([]byte, 64<<20)\nfor _, b := range tr { keep += int(b); break }\ntr = nil",
		"tm := map[int][]byte{1: make([]byte, 64<<20)}\nfor k := range tm { keep += k }\ntm = nil",
	} {
		runStmts(t, i, src)
		if grown := liveHeap() - before; grown > 16<<20 {
			t.Errorf("%q: %d MiB more live after ClearTemps", src, grown>>20)
		}
	}
	runStmts(t, i, "keep = 5\ntz := (((2)))\ntz++")
	if v, err := i.Eval("keep"); err != nil || v.Int() != 5 {
		t.Errorf("a parenthesized constant cleared another program's variable: keep = %v, %v", v, err)
	}
	runStmts(t, i, "type tT struct{ X []byte }\ntp := &tT{X: make([]byte, 3)}\ntk := make([]byte, 5)\n"+
		"var tfs []func() int\nfor ti := range 3 { tfs = append(tfs, func() int { return ti + len(tp.X) + len(tk) }) }")
	v, err := i.Eval("tfs[0]() + tfs[2]()")
	if err != nil || v.Kind() != reflect.Int || v.Int() != 18 {
		t.Errorf("after ClearTemps: %v, %v; want 18", v, err)
	}
}
