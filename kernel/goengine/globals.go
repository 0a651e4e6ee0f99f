package goengine

import (
	"fmt"
	"go/ast"
	"go/token"
	"reflect"

	"github.com/traefik/yaegi/interp"
)

// Two bugs of yaegi v0.16.1 in the globals that cells define are worked
// around by rewriting the statement that defines them:
//
//   - A global defined by a multi-value statement ("dev, err :=
//     nb.Device()", "var a, b = f()") is misread inside a function that
//     another function called ("reflect: Method index out of range"),
//     while a global defined from a single value reads right.
//   - A ":=" that redefines a global of an earlier cell zeroes it before
//     its right-hand side is evaluated: after "x := 1", "x := x + 1"
//     gives 1 and "s := append(s, 2)" drops s's elements.
//
// Both statements run through temporaries that cells never name:
//
//	__culab_N_0, __culab_N_1 := f()  // compiled and run first, on its own
//	a = __culab_N_0                  // a global of the same type: assigned,
//	b := __culab_N_1                 // so functions see the new value; else defined
//
// and the temporaries are zeroed when the cell ends, so they keep nothing
// alive.

// redefine compiles a top-level "a, b := ..." that defines several
// globals from one call or redefines one, through temporaries: pre sets
// the temporaries, and the block returned, compiled after it, sets the
// variables from them. Nothing runs: the types of the temporaries are
// known once compiled.
func (x *run) redefine(b *ast.BlockStmt) (pre *interp.Program, toRun ast.Node, err error) {
	if len(b.List) != 1 {
		return nil, b, nil
	}
	as, ok := b.List[0].(*ast.AssignStmt)
	if !ok || as.Tok != token.DEFINE {
		return nil, b, nil
	}
	isVar := func(name string) bool { return x.s.decls[name].kind == "var" }
	multi, again := len(as.Lhs) >= 2 && len(as.Rhs) == 1, false
	for _, lhs := range as.Lhs {
		id, ok := lhs.(*ast.Ident)
		if !ok {
			return nil, b, nil // not valid Go: the interpreter reports it
		}
		again = again || isVar(id.Name)
	}
	if !multi && !again {
		return nil, b, nil
	}

	temps := x.s.newTemps(as.Lhs)
	first := &ast.AssignStmt{Lhs: temps, TokPos: as.TokPos, Tok: token.DEFINE, Rhs: as.Rhs}
	// The block's position names the cell's file, whose imports it sees.
	pre, err = x.compile(&ast.BlockStmt{Lbrace: b.Lbrace, List: []ast.Stmt{first}, Rbrace: b.Rbrace})
	if err != nil {
		return nil, nil, err
	}

	x.s.makeRoom() // for the temporaries, with their types
	var sets []ast.Stmt
	for i, lhs := range as.Lhs {
		id := lhs.(*ast.Ident)
		if id.Name == "_" {
			continue
		}
		tok := token.DEFINE
		old, _ := x.s.in.Global(id.Name)
		tmp, _ := x.s.in.Global(temps[i].(*ast.Ident).Name)
		if isVar(id.Name) && old.IsValid() && tmp.IsValid() && old.Type() == tmp.Type() {
			tok = token.ASSIGN
		}
		sets = append(sets, &ast.AssignStmt{
			Lhs: []ast.Expr{&ast.Ident{NamePos: id.NamePos, Name: id.Name}}, TokPos: as.TokPos, Tok: tok,
			Rhs: []ast.Expr{temps[i]},
		})
	}
	return pre, &ast.BlockStmt{Lbrace: b.Lbrace, List: sets, Rbrace: b.Rbrace}, nil
}

// splitVarSpecs rewrites "var a, b = f()" in a chunk of declarations as
// "var t0, t1 = f(); var a = t0; var b = t1". The file it returns shares
// the unchanged declarations with f, which stays as the cell wrote it.
func (s *session) splitVarSpecs(f *ast.File) *ast.File {
	decls := make([]ast.Decl, len(f.Decls))
	changed := false
	for i, d := range f.Decls {
		decls[i] = d
		if g, ok := d.(*ast.GenDecl); ok && g.Tok == token.VAR {
			if specs, split := s.splitSpecs(g.Specs); split {
				ng := *g
				ng.Specs = specs
				decls[i], changed = &ng, true
			}
		}
	}
	if !changed {
		return f
	}
	nf := *f
	nf.Decls = decls
	return &nf
}

func (s *session) splitSpecs(specs []ast.Spec) ([]ast.Spec, bool) {
	var out []ast.Spec
	split := false
	for _, sp := range specs {
		vs := sp.(*ast.ValueSpec)
		if len(vs.Names) < 2 || len(vs.Values) != 1 {
			out = append(out, vs)
			continue
		}
		split = true
		names := make([]ast.Expr, len(vs.Names))
		for j, n := range vs.Names {
			names[j] = n
		}
		temps := s.newTemps(names)
		tmpSpec := &ast.ValueSpec{Type: vs.Type, Values: vs.Values}
		for _, t := range temps {
			tmpSpec.Names = append(tmpSpec.Names, t.(*ast.Ident))
		}
		out = append(out, tmpSpec)
		for j, n := range vs.Names {
			if n.Name != "_" {
				out = append(out, &ast.ValueSpec{Names: []*ast.Ident{n}, Values: []ast.Expr{temps[j]}})
			}
		}
	}
	return out, split
}

// newTemps names a temporary for each of lhs, keeping blanks blank, and
// notes them for dropTemps.
func (s *session) newTemps(lhs []ast.Expr) []ast.Expr {
	s.temps++
	temps := make([]ast.Expr, len(lhs))
	for i, e := range lhs {
		id := e.(*ast.Ident)
		if id.Name == "_" {
			temps[i] = &ast.Ident{NamePos: id.NamePos, Name: "_"}
			continue
		}
		name := fmt.Sprintf("__culab_%d_%d", s.temps, i)
		temps[i] = &ast.Ident{NamePos: id.NamePos, Name: name}
		s.pendingTemps = append(s.pendingTemps, name)
	}
	return temps
}

// dropTemps zeroes the temporaries of the chunk that ran, so that they do
// not keep a value that was redefined since (a large slice) alive.
func (s *session) dropTemps() {
	if len(s.pendingTemps) == 0 {
		return
	}
	for _, name := range s.pendingTemps {
		if v, _ := s.in.Global(name); v.IsValid() && v.CanSet() {
			v.Set(reflect.Zero(v.Type()))
		}
	}
	s.pendingTemps = s.pendingTemps[:0]
}

// globals is the interpreter's Globals, or none: yaegi panics when a failed
// compile left symbols that no run has made room for yet.
func (s *session) globals() (g map[string]reflect.Value) {
	s.globalsCalls.Add(1)
	defer func() {
		if recover() != nil {
			g = nil
		}
	}()
	return s.in.Globals()
}
