package interp_test

import (
	"go/ast"
	"go/token"
	"testing"

	"github.com/traefik/yaegi/interp"
)

// culab patch 109: Global looks up one global as Globals does, without
// the map of all of them; a variable compiled but not yet given room in
// the frame is none, where Globals panics.
func TestGlobalOne(t *testing.T) {
	i := interp.New(interp.Options{})
	if _, err := i.Eval("package main; var a = 6; const c = 7; var s = []int{1, 2}; func f() {}; type T int"); err != nil {
		t.Fatal(err)
	}
	all := i.Globals()
	for _, name := range []string{"a", "c", "s"} {
		v, ok := i.Global(name)
		if !ok || !v.IsValid() {
			t.Fatalf("Global(%q): none", name)
		}
		if w := all[name]; v.Kind() != w.Kind() || v.CanAddr() != w.CanAddr() || (v.CanAddr() && v.UnsafeAddr() != w.UnsafeAddr()) {
			t.Errorf("Global(%q) = %v, Globals()[%q] = %v", name, v, name, w)
		}
	}
	if v, _ := i.Global("a"); v.Int() != 6 {
		t.Errorf("a = %v", v)
	}
	for _, name := range []string{"f", "T", "nosuch", "fmt"} {
		if v, ok := i.Global(name); ok {
			t.Errorf("Global(%q) = %v, want none", name, v)
		}
	}
	// Compiled, not run: no room yet.
	if _, err := i.CompileAST(&ast.BlockStmt{List: []ast.Stmt{&ast.AssignStmt{
		Lhs: []ast.Expr{ast.NewIdent("later")}, Tok: token.DEFINE,
		Rhs: []ast.Expr{&ast.BasicLit{Kind: token.INT, Value: "1"}},
	}}}); err != nil {
		t.Fatal(err)
	}
	if v, ok := i.Global("later"); ok {
		t.Errorf("later, compiled, not run: %v, want none", v)
	}
}
