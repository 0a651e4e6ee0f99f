package interp

import "reflect"

// culab patch 81: a generic function used as a value without its type
// arguments takes them from the function type it is assigned or passed
// to (Go 1.21): apply(xs, Double) with apply's parameter func(int) int,
// var f func(float64) float64 = Double. It was the compile error "cannot
// use type func(main.T) main.T as type func(int) int".

// targetFuncType returns the function type that the value n is assigned
// or passed to, or nil: the parameter of a call to a function that is
// not generic, the typed variable of a declaration, or the destination
// of an assignment.
func targetFuncType(n *node) *itype {
	a := n.anc
	if a == nil {
		return nil
	}
	var t *itype
	switch a.kind {
	case callExpr:
		i := childPos(n) - 1
		if i < 0 || a.action == aCallSlice {
			return nil
		}
		ft := a.child[0].typ
		if ft == nil || ft.cat != funcT && ft.cat != valueT || ft.cat == funcT && ft.node != nil && ft.node.anc != nil && typeParamCount(ft.node.anc) > 0 {
			return nil
		}
		k := ft.numIn()
		if i >= k && k > 0 {
			i = k - 1
		}
		if i >= k {
			return nil
		}
		t = ft.in(i)
		if t != nil && t.cat == variadicT {
			t = t.val
		}
	case assignStmt, defineStmt:
		if a.action != aAssign || a.nright != a.nleft {
			return nil
		}
		i := childPos(n) - a.nright
		if len(a.child) > a.nright+a.nleft {
			i--
		}
		if i < 0 || i >= a.nleft || childPos(n) < len(a.child)-a.nright {
			return nil
		}
		t = a.child[i].typ
	default:
		return nil
	}
	if t == nil || t.underlying().TypeOf() == nil || t.underlying().TypeOf().Kind() != reflect.Func {
		return nil
	}
	return t
}

// instantiateByTarget instantiates fun, the declaration of the generic
// function that the identifier n names, with the type arguments that
// unifying its type with target gives, and returns the instance.
func (interp *Interpreter) instantiateByTarget(sc *scope, n, fun *node, target *itype, importPath, pkgName string) (*node, error) {
	ftn := fun.typ.node
	if ftn == nil || ftn.kind != funcType {
		return nil, nil
	}
	u := &unifier{sc: fun.scope, params: map[string]bool{}, bound: map[string]*itype{}}
	if u.sc == nil {
		u.sc = sc
	}
	var names []string
	constraints := map[string]*node{}
	for _, c := range ftn.child[0].child {
		for _, cc := range c.child[:len(c.child)-1] {
			names = append(names, cc.ident)
			u.params[cc.ident] = true
			constraints[cc.ident] = c.lastChild()
		}
	}
	u.unify(ftn, target, 0)
	u.coreTypes(names, constraints)
	types := make([]*itype, len(names))
	for i, name := range names {
		if types[i] = u.bound[name]; types[i] == nil {
			return nil, n.cfgErrorf("cannot use generic function %s without instantiation: cannot infer %s", exprText(n), name)
		}
	}
	g, found, err := genAST(sc, fun, types)
	if err != nil || found {
		return g, err
	}
	if _, err := interp.cfg(g, fun.scope, importPath, pkgName); err != nil {
		return nil, err
	}
	return g, genRun(g)
}

// culab patch 149: a generic function passed, uninstantiated, to a
// parameter that is not of a function type (fmt.Println(G), any(G)) is
// Go's compile error "cannot use generic function G without
// instantiation"; the call panicked at run time with reflect's "call of
// MakeFunc with non-Func type".

// genericArgWithoutTarget reports whether n, which names a generic
// function, is an argument of a call that gives it no function type to
// take its type arguments from: a call of a function that is not generic
// (a generic one may infer them from its other arguments) or a conversion.
func genericArgWithoutTarget(n *node, sc *scope) bool {
	a := n.anc
	if a == nil || a.kind != callExpr || childPos(n) < 1 || targetFuncType(n) != nil {
		return false
	}
	ft := a.child[0].typ
	if ft == nil {
		return false
	}
	if a.child[0].isType(sc) {
		return true
	}
	return ft.cat == valueT || ft.cat == funcT && (ft.node == nil || ft.node.anc == nil || typeParamCount(ft.node.anc) == 0)
}

// genericSelectorValue does for n, a package's generic function (maps.Keys,
// slices.Index) used as a value, what cfg does for a generic function of
// the cell's own: it is instantiated by the function type it goes to, or
// refused where there is none (h := slices.Max, fmt.Println(maps.Keys):
// reflect's "call of MakeFunc with non-Func type" at run time). A call of
// it or an instance of it (x[T]) is left to their own code.
func (interp *Interpreter) genericSelectorValue(sc *scope, n *node, importPath, pkgName string) error {
	a := n.anc
	if a == nil || a.kind == callExpr && a.child[0] == n || a.kind == indexExpr || a.kind == indexListExpr {
		return nil
	}
	if target := targetFuncType(n); target != nil {
		g, err := interp.instantiateByTarget(sc, n, n.sym.node, target, importPath, pkgName)
		if err != nil || g == nil {
			return err
		}
		a.child[childPos(n)] = g
		n.typ = g.typ
		return nil
	}
	if (a.kind == defineStmt || a.kind == assignStmt) && childPos(n) >= len(a.child)-a.nright || genericArgWithoutTarget(n, sc) {
		return n.cfgErrorf("cannot use generic function %s without instantiation", exprText(n))
	}
	return nil
}
