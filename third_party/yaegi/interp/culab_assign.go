package interp

// culab patches 7 and 10 (see PATCHES.md at the module's root): the map
// entries of a multiple-value assignment, and of a select case, are
// assigned.

import (
	"go/ast"
	"go/token"
	"reflect"
)

// storeMapEntries wraps the generator of a multiple-value assignment
// (assignXStmt) whose destinations include map entries. Its source (a
// call, a comma-ok form) sets each destination's value; a map entry's
// value is its index expression's own frame slot, which nothing put in the
// map: after the source, the statement stores those slots in their maps,
// left to right, with the map and key evaluated before the source, as Go
// does.
func storeMapEntries(gen bltnGenerator) bltnGenerator {
	return func(n *node) {
		gen(n)
		type entry struct {
			store func(*frame, reflect.Value)
			v     func(*frame) reflect.Value
		}
		var entries []entry
		for _, c := range n.child[:len(n.child)-1] {
			if isMapEntry(c) {
				entries = append(entries, entry{store: genStore(c), v: genValue(c)})
			}
		}
		exec := n.exec
		n.exec = func(f *frame) bltn {
			next := exec(f)
			for _, e := range entries {
				e.store(f, e.v(f))
			}
			return next
		}
	}
}

// hasMapEntry reports whether a destination of a multiple-value
// assignment is a map entry.
func hasMapEntry(dests []*node) bool {
	for _, c := range dests {
		if isMapEntry(c) {
			return true
		}
	}
	return false
}

// setAssertStatus ends a comma-ok type assertion: it sets the status and,
// when the assertion failed, the result to its zero value, as Go does (the
// result kept its value).
func setAssertStatus(f *frame, ok, setStatus bool, value0, value1 func(*frame) reflect.Value) {
	if setStatus {
		value1(f).SetBool(ok)
	}
	if !ok && value0 != nil {
		r := value0(f)
		r.Set(reflect.Zero(r.Type()))
	}
}

// setOrZero sets the result of a comma-ok map index: the entry found, or
// the zero value when it is not there, as Go does (it kept its value).
func setOrZero(dest, v reflect.Value) {
	if !v.IsValid() {
		v = reflect.Zero(dest.Type())
	}
	dest.Set(v)
}

// genStore returns what assigns a value to dest, a map entry too (culab
// patch 10: a select case's receive into m[k] set a copy).
func genStore(dest *node) func(*frame, reflect.Value) {
	if !isMapEntry(dest) {
		value := genValue(dest)
		return func(f *frame, v reflect.Value) { value(f).Set(v) }
	}
	m, k := genValue(dest.child[0]), genValue(dest.child[1])
	if isInterfaceSrc(dest.child[1].typ) {
		k = genValueInterface(dest.child[1])
	}
	return func(f *frame, v reflect.Value) { mapSet(m(f), k(f), v) }
}

// rangeAssignToDefine rewrites a range loop that assigns its iteration
// values to existing variables, for K, V = range X { body }, as
//
//	for k, v := range X { K, V = k, v; body }
//
// which Go's spec makes equivalent (K and V are assigned at each
// iteration). The interpreter declared K and V anew in the loop's scope
// whatever the loop's token, so the program's K and V were never set.
func rangeAssignToDefine(a *ast.RangeStmt) {
	if a.Tok != token.ASSIGN {
		return
	}
	var lhs, rhs []ast.Expr
	fresh := func(e ast.Expr, name string) ast.Expr {
		if id, ok := e.(*ast.Ident); e == nil || ok && id.Name == "_" {
			return e
		}
		lhs = append(lhs, e)
		rhs = append(rhs, &ast.Ident{NamePos: e.Pos(), Name: name})
		return &ast.Ident{NamePos: e.Pos(), Name: name}
	}
	a.Key, a.Value = fresh(a.Key, "culabRangeKey_"), fresh(a.Value, "culabRangeValue_")
	if len(lhs) == 0 { // for _, _ = range X
		a.Key, a.Value, a.Tok = nil, nil, token.ILLEGAL
		return
	}
	a.Tok = token.DEFINE
	assign := &ast.AssignStmt{Lhs: lhs, TokPos: a.TokPos, Tok: token.ASSIGN, Rhs: rhs}
	a.Body.List = append([]ast.Stmt{assign}, a.Body.List...)
}

// commAssignToDefine rewrites a select case that assigns a receive to an
// expression other than a variable, case L1, L2 = <-ch: body (L1 an index
// expression, a field, a dereference), as
//
//	case v, ok := <-ch: L1, L2 = v, ok; body
//
// which Go's spec makes equivalent: the left-hand side expressions are
// evaluated, and assigned, once the case is selected (culab patch 74).
// The interpreter never evaluated them: arr[i] = <-ch or s.f = <-ch left
// the element or field unset, silently; a variable or a map entry was
// assigned (patch 10).
func commAssignToDefine(a *ast.CommClause) {
	as, ok := a.Comm.(*ast.AssignStmt)
	if !ok || as.Tok != token.ASSIGN {
		return
	}
	plain := true
	for _, e := range as.Lhs {
		if _, ok := e.(*ast.Ident); !ok {
			plain = false
		}
	}
	if plain {
		return
	}
	names := []string{"culabRecvValue_", "culabRecvOK_"}
	var lhs, rhs []ast.Expr
	def := make([]ast.Expr, len(as.Lhs))
	for i, e := range as.Lhs {
		if id, ok := e.(*ast.Ident); ok && id.Name == "_" {
			def[i] = e
			continue
		}
		lhs = append(lhs, e)
		rhs = append(rhs, &ast.Ident{NamePos: e.Pos(), Name: names[i]})
		def[i] = &ast.Ident{NamePos: e.Pos(), Name: names[i]}
	}
	a.Comm = &ast.AssignStmt{Lhs: def, TokPos: as.TokPos, Tok: token.DEFINE, Rhs: as.Rhs}
	assign := &ast.AssignStmt{Lhs: lhs, TokPos: as.TokPos, Tok: token.ASSIGN, Rhs: rhs}
	a.Body = append([]ast.Stmt{assign}, a.Body...)
}

// recvStore returns what stores the value of a comma-ok receive into
// dest, nothing where dest is the blank identifier (culab patch 77).
func recvStore(dest *node) func(*frame, reflect.Value) {
	if dest.ident == "_" {
		return func(*frame, reflect.Value) {}
	}
	value := genValue(dest)
	return func(f *frame, v reflect.Value) { value(f).Set(v) }
}

// recvStatus returns what stores the status of a comma-ok receive into
// dest, nothing where dest is the blank identifier (culab patch 77).
func recvStatus(dest *node) func(*frame, bool) {
	if dest.ident == "_" {
		return func(*frame, bool) {}
	}
	value := genValue(dest)
	return func(f *frame, ok bool) { value(f).SetBool(ok) }
}

// culab patch 78: a := of several values (x, y := 3, 4) made every one of
// its variables new, so one redeclared in the same scope (y, declared
// before) became another variable: a closure or a pointer that had the
// first one kept seeing its old value, a silent wrong answer. Go assigns
// a redeclared variable, and the comma-ok and call defines did
// (compDefineX).

// redeclares reports whether dest, a left-hand side of the define n, is a
// variable of the same scope that n redeclares (n is a := of several
// values, and dest is declared in sc, the block of n).
func redeclares(n, dest *node, sc *scope) bool {
	if n.kind != defineStmt || n.nleft < 2 || sc.global || n.anc == nil || n.anc.kind == varDecl || n.anc.kind == constDecl {
		return false
	}
	if dest.ident == "" || dest.ident == "_" {
		return false
	}
	s, ok := sc.sym[dest.ident]
	return ok && s.kind == varSym && !s.global && s.index >= 0 && s.typ != nil
}

// redeclaresAny reports whether the define n redeclares one of its
// variables (redeclares).
func redeclaresAny(n *node) bool {
	for _, c := range n.child[:n.nleft] {
		if c.redeclared {
			return true
		}
	}
	return false
}

// isUniverseNil reports whether nil in the scope sc is the predeclared
// nil, not a variable or constant named nil (culab patch 79).
func isUniverseNil(sc *scope) bool {
	sym, _, ok := sc.lookup(nilIdent)
	return !ok || sym.typ != nil && sym.typ.cat == nilT
}
