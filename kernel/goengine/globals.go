package goengine

import (
	"fmt"
	"go/ast"
	"go/token"
)

// yaegi v0.16.1 misreads a global defined by a two-value statement
// ("dev, err := nb.Device()") inside a function that another function
// called ("reflect: Method index out of range"), while a global defined
// from a single value is read right. So a top-level "a, b := f()" runs as
//
//	__culab_N_0, __culab_N_1 := f()
//	a := __culab_N_0
//	b := __culab_N_1
//
// The temporaries keep the bug, but cells never name them.

// splitMultiDefine rewrites body in place when it is one such statement.
func (s *session) splitMultiDefine(body *ast.BlockStmt) {
	if len(body.List) != 1 {
		return
	}
	as, ok := body.List[0].(*ast.AssignStmt)
	if !ok || as.Tok != token.DEFINE || len(as.Lhs) < 2 || len(as.Rhs) != 1 {
		return
	}
	s.temps++
	temps := make([]ast.Expr, len(as.Lhs))
	var defs []ast.Stmt
	for i, lhs := range as.Lhs {
		id, ok := lhs.(*ast.Ident)
		if !ok {
			return // not valid Go: leave it for the interpreter to report
		}
		if id.Name == "_" {
			temps[i] = id
			continue
		}
		tmp := &ast.Ident{NamePos: id.NamePos, Name: fmt.Sprintf("__culab_%d_%d", s.temps, i)}
		temps[i] = tmp
		defs = append(defs, &ast.AssignStmt{
			Lhs: []ast.Expr{&ast.Ident{NamePos: id.NamePos, Name: id.Name}}, TokPos: as.TokPos, Tok: token.DEFINE,
			Rhs: []ast.Expr{&ast.Ident{NamePos: id.NamePos, Name: tmp.Name}},
		})
	}
	first := &ast.AssignStmt{Lhs: temps, TokPos: as.TokPos, Tok: token.DEFINE, Rhs: as.Rhs}
	body.List = append([]ast.Stmt{first}, defs...)
}
