package interp

// culab patch 11 (see PATCHES.md at the module's root): the variables
// that a for statement declares are per iteration, as in Go 1.22. A
// closure clones its frame's slice of values, and a value is the
// variable's storage: a closure sees the variable of the iteration that
// made it only if each iteration has its own storage. Fresh storage costs
// an allocation per iteration, so a loop gets it only for the variables
// that a closure, an address or a method value may keep past their
// iteration.

import (
	"reflect"
	"sync/atomic"
)

// loopVarsEscape reports whether the loop's parts in may keep one of the
// variables syms past an iteration: a function literal uses it, or its
// address is taken, explicitly or by a method call or method value on it
// or on one of its fields or array elements.
func loopVarsEscape(syms []*symbol, in ...*node) bool {
	if len(syms) == 0 {
		return false
	}
	ours := func(s *symbol) bool {
		for _, o := range syms {
			if s == o && s != nil {
				return true
			}
		}
		return false
	}
	escapes, lits := false, 0
	for _, part := range in {
		if part == nil {
			continue
		}
		part.Walk(func(n *node) bool {
			if escapes {
				return false
			}
			switch {
			case n.kind == funcDecl:
				// culab patch 131: no loop variable is in a declared
				// function; the instance of a generic function that a
				// call in the loop made hangs under the call, and one
				// that calls itself under itself: walking it never ended.
				return false
			case n.kind == funcLit:
				lits++
			case n.kind == identExpr && ours(n.sym):
				escapes = lits > 0 || addressed(n)
			}
			return !escapes
		}, func(n *node) {
			if n.kind == funcLit {
				lits--
			}
		})
	}
	return escapes
}

// addressed reports whether the variable n names is addressed where n is:
// &v, &v.f, &v[i] of an array, v[:] of an array, or a method of v, v.f or
// v[i] (whose receiver may be a pointer).
func addressed(n *node) bool {
	for ; n.anc != nil; n = n.anc {
		p := n.anc
		switch p.kind {
		case parenExpr:
		case addressExpr:
			return true
		case selectorExpr:
			if p.child[0] != n {
				return false
			}
			if p.typ != nil && (p.typ.cat == funcT || p.typ.TypeOf() != nil && p.typ.TypeOf().Kind() == reflect.Func) {
				return true // a method, or a field of func type: counted, to be safe
			}
		case indexExpr, sliceExpr:
			if p.child[0] != n || n.typ == nil || n.typ.TypeOf() == nil || n.typ.TypeOf().Kind() != reflect.Array {
				return false
			}
			if p.kind == sliceExpr {
				return true
			}
		default:
			return false
		}
	}
	return false
}

// loopSyms returns the symbols of the variables that the defining
// statement def (a for statement's init) declares in the scope sc.
func loopSyms(def *node, sc *scope) []*symbol {
	if def == nil || def.kind != defineStmt && def.kind != defineXStmt {
		return nil
	}
	left := def.child[:def.nleft]
	if def.kind == defineXStmt {
		// culab patch 83: a comma-ok define (for v, ok := <-ch; ok; v, ok
		// = <-ch) declares all but its last child.
		left = def.child[:len(def.child)-1]
	}
	var syms []*symbol
	for _, c := range left {
		if c.ident == "_" {
			continue
		}
		if s, ok := sc.sym[c.ident]; ok && s.kind == varSym && !s.global {
			syms = append(syms, s)
		}
	}
	return syms
}

// perIteration makes the variables that the init of the three-clause for
// statement n declares new at the end of each iteration, before its post
// statement, each a copy of the previous one, when loopVarsEscape says
// it matters. The copy is a node between the end of the body (where a
// continue goes too) and what came next.
func perIteration(n, init *node, sc *scope) {
	syms := loopSyms(init, sc)
	if !loopVarsEscape(syms, n.child[1:]...) {
		return
	}
	body := n.lastChild()
	index := make([]int, len(syms))
	for i, s := range syms {
		index[i] = s.index
	}
	cp := &node{
		anc: n, interp: n.interp, index: atomic.AddInt64(&n.interp.nindex, 1), pos: body.pos,
		kind: exprStmt, action: aNop, scope: sc, tnext: body.tnext,
	}
	cp.start = cp
	cp.gen = func(cp *node) {
		next := getExec(cp.tnext)
		cp.exec = func(f *frame) bltn {
			for _, i := range index {
				old := f.data[i]
				freshVar(f, i).Set(old)
			}
			return next
		}
	}
	body.tnext = cp
}

// freshVar gives the frame slot i a new variable of its type, and
// returns it.
func freshVar(f *frame, i int) reflect.Value {
	v := reflect.New(f.data[i].Type()).Elem()
	f.data[i] = v
	return v
}

// culab patch 68: a slice, array or map literal that declares a variable
// (xs := []int{i}, var m = map[K]V{...}) is built in the variable's slot;
// it was stored into the storage the slot already had, so the variable of
// a loop body was one for all iterations: a closure or a pointer kept from
// one iteration saw the last one's value. Go's := makes a new variable
// each time it runs, as the define statement does for other values.

// declaredIn reports whether the composite literal n is the value of a
// single := or var declaration, built in the declared variable's slot.
func declaredIn(n *node) bool {
	a := n.anc
	if a == nil || a.kind != defineStmt || len(a.child) != 2 || a.child[1] != n {
		return false
	}
	d := a.child[0]
	return d.findex == n.findex && d.level == n.level
}

// newVar makes the slot of the literal n a new variable holding v.
func newVar(f *frame, n *node, v reflect.Value) {
	data := getFrame(f, n.level).data
	nv := reflect.New(data[n.findex].Type()).Elem()
	nv.Set(v)
	data[n.findex] = nv
}

// culab patch 75: a select case that declares the received values (case
// v := <-ch, case v, ok := <-ch) stored them into the storage of the
// variables' slots, so the case's variables were one for all the times
// the case ran: a closure or a pointer kept from one time saw the last
// one's value. Go's := in a case makes new variables each time the case
// is selected; genDefineStore gives the slot a new variable each time.
func genDefineStore(dest *node) func(*frame, reflect.Value) {
	if dest.kind != identExpr || dest.ident == "_" {
		return genStore(dest)
	}
	level, index := dest.level, dest.findex
	return func(f *frame, v reflect.Value) {
		data := getFrame(f, level).data
		nv := reflect.New(data[index].Type()).Elem()
		nv.Set(v)
		data[index] = nv
	}
}

// culab patch 76: a comma-ok define (v, ok := m[k]; r, ok := <-ch; t, ok
// := x.(T)) stored its results into the storage of the variables' slots,
// so in a loop body the variables were one for all iterations: a closure
// or a pointer kept from one iteration saw the last one's value. Go's :=
// declares new variables each time it runs; those of its variables that
// are not redeclared (a, ok := ...; b, ok := ... keeps one ok) now get new
// storage before the results are stored, where a function literal or an
// address may keep them (loopVarsEscape); the others keep their storage,
// which costs nothing.

// genFreshDefineX returns what gives the variables that the comma-ok
// define of n (n.anc, a defineXStmt) declares new storage, or nil where
// n is not such a define or none of its variables may be kept.
func genFreshDefineX(n *node) func(*frame) {
	def := n.anc
	if def == nil || def.kind != defineXStmt || def.scope == nil || def.anc == nil {
		return nil
	}
	var syms []*symbol
	var slots []*node
	for _, c := range def.child[:len(def.child)-1] {
		if c.ident == "_" || c.ident == "" || c.redeclared {
			continue
		}
		s, ok := def.scope.sym[c.ident]
		if !ok || s.kind != varSym || s.global || s.index != c.findex {
			continue
		}
		syms = append(syms, s)
		slots = append(slots, c)
	}
	// The variables' scope is the statements that follow the define in
	// its block (or in the if, switch or for statement it is the init of);
	// a var declaration is a spec of a varDecl of a declStmt.
	in := def.anc
	for in.anc != nil && (in.kind == varDecl || in.kind == declStmt) {
		in = in.anc
	}
	if !loopVarsEscape(syms, in) {
		return nil
	}
	return func(f *frame) {
		for _, c := range slots {
			data := getFrame(f, c.level).data
			data[c.findex] = reflect.New(data[c.findex].Type()).Elem()
		}
	}
}

// freshBefore makes the exec of n, the comma-ok expression of a define,
// give the define's variables new storage first, where genFreshDefineX
// says it matters.
func freshBefore(n *node) {
	fresh := genFreshDefineX(n)
	if fresh == nil || n.exec == nil {
		return
	}
	exec := n.exec
	n.exec = func(f *frame) bltn {
		fresh(f)
		return exec(f)
	}
}
