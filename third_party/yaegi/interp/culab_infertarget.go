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
			return nil, n.cfgErrorf("cannot use generic function %s without instantiation: cannot infer %s", n.ident, name)
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
