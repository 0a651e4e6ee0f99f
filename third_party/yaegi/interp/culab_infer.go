package interp

// culab patch 16 (see PATCHES.md at the module's root): the type
// arguments of a call of a generic function are inferred as Go infers
// them, by unifying each parameter's type with its argument's, through
// pointers, slices, arrays, maps, channels, functions, structs and
// instances of generic types (iter.Seq[E]), then with the core types of
// the constraints (S ~[]E gives E from S), then from untyped constants.
// Types were taken in the order they were met, so a parameter that gave
// none, or two that gave the same, shifted the others: "undefined type
// for E", or a type argument given to the wrong parameter.

import "reflect"

// maxUnifyDepth bounds the unification of recursive generic types.
const maxUnifyDepth = 32

// unifier binds type parameters, by name, to types.
type unifier struct {
	sc     *scope // where the generic function is declared
	params map[string]bool
	bound  map[string]*itype
}

// inferTypesFromCall returns the type arguments of the generic function
// fun called with args, in the order of its type parameters.
// The first type arguments may be explicit: f[int](x).
func inferTypesFromCall(sc *scope, fun *node, args []*node, explicit []*itype) ([]*itype, error) {
	ftn := fun.typ.node
	u := &unifier{sc: fun.scope, params: map[string]bool{}, bound: map[string]*itype{}}
	if u.sc == nil {
		u.sc = sc
	}
	var names []string
	constraints := map[string]*node{}
	for _, c := range ftn.child[0].child {
		for _, cc := range c.child[:len(c.child)-1] {
			if i := len(names); i < len(explicit) {
				u.bound[cc.ident] = explicit[i]
			}
			names = append(names, cc.ident)
			u.params[cc.ident] = true
			constraints[cc.ident] = c.lastChild()
		}
	}
	if len(explicit) > len(names) {
		return nil, fun.cfgErrorf("got %d type arguments but %s has %d type parameters", len(explicit), fun.child[1].ident, len(names))
	}
	var params []*node
	for _, f := range ftn.child[1].child {
		for n := max(len(f.child)-1, 1); n > 0; n-- {
			params = append(params, f.lastChild())
		}
	}

	// Typed arguments first, untyped constants last, as Go does.
	var untyped [][2]*node
	for i, a := range args {
		p := paramOfArg(params, i)
		if p == nil || a.typ == nil {
			continue
		}
		if i == len(args)-1 && a.anc.action == aCallSlice && p.anc.kind == ellipsisExpr {
			p = &node{kind: arrayType, child: []*node{p}} // f(x, v...): v is the variadic slice
		}
		if a.typ.untyped {
			untyped = append(untyped, [2]*node{p, a})
			continue
		}
		u.unify(p, a.typ, 0)
	}
	u.coreTypes(names, constraints)
	// A parameter that only untyped constants give has the default type
	// of the last kind of theirs of integer, rune, floating-point, complex.
	consts := map[string]*itype{}
	for _, pa := range untyped {
		p := unparen(pa[0])
		if p.kind != identExpr || !u.params[p.ident] || u.bound[p.ident] != nil {
			continue
		}
		if c := consts[p.ident]; c == nil || untypedRank(pa[1].typ) > untypedRank(c) {
			consts[p.ident] = pa[1].typ
		}
	}
	for name, c := range consts {
		u.bound[name] = defaultType(sc, c)
	}
	u.coreTypes(names, constraints)

	types := make([]*itype, len(names))
	for i, name := range names {
		if types[i] = u.bound[name]; types[i] == nil {
			return nil, fun.cfgErrorf("in call to %s, cannot infer %s", fun.child[1].ident, name)
		}
	}
	return types, nil
}

// paramOfArg returns the type of the parameter of the argument i, the
// element type of a variadic parameter.
func paramOfArg(params []*node, i int) *node {
	if len(params) == 0 {
		return nil
	}
	last := params[len(params)-1]
	if i >= len(params)-1 && last.kind == ellipsisExpr {
		return last.child[0]
	}
	if i < len(params) {
		return params[i]
	}
	return nil
}

// coreTypes unifies the core type of each bound type parameter's
// constraint (~[]E, map[K]V...) with the parameter's type, until no more
// parameter is bound.
func (u *unifier) coreTypes(names []string, constraints map[string]*node) {
	for n := -1; n != len(u.bound); {
		n = len(u.bound)
		for _, name := range names {
			t, c := u.bound[name], constraints[name]
			if t == nil && c != nil {
				// culab patch 41: PT of a constraint whose core type is
				// *T, with T known (interface{ *T; M() }, or an instance
				// of such a generic interface), is *T.
				if elem := u.pointerCoreElem(c); elem != nil {
					u.bound[name] = ptrOf(elem)
				}
				continue
			}
			if c == nil {
				continue
			}
			if c.kind == unaryExpr && c.action == aNop { // ~T
				c = c.child[0]
			}
			switch c.kind {
			case arrayType, mapType, chanType, chanTypeRecv, chanTypeSend, funcType, starExpr:
				u.unify(c, t, 0)
			}
		}
	}
}

// unify binds the type parameters in the type expression p so that p is
// the type t, as far as t says.
func (u *unifier) unify(p *node, t *itype, depth int) {
	if p == nil || t == nil || depth > maxUnifyDepth {
		return
	}
	p = unparen(p)
	if p.kind == identExpr && u.params[p.ident] {
		if u.bound[p.ident] == nil {
			u.bound[p.ident] = t
		}
		return
	}
	t = t.underlying()
	rt := t.TypeOf()
	kind := reflect.Invalid
	if rt != nil {
		kind = rt.Kind()
	}
	switch p.kind {
	case starExpr:
		if kind == reflect.Ptr {
			u.unify(p.child[0], t.elem(), depth+1)
		}
	case arrayType:
		if kind == reflect.Slice || kind == reflect.Array {
			u.unify(p.lastChild(), elemType(t), depth+1)
		}
	case mapType:
		if kind == reflect.Map {
			k, v := t.key, t.val
			if t.cat == valueT {
				k, v = valueTOf(rt.Key()), valueTOf(rt.Elem())
			}
			u.unify(p.child[0], k, depth+1)
			u.unify(p.child[1], v, depth+1)
		}
	case chanType, chanTypeRecv, chanTypeSend:
		if kind == reflect.Chan {
			u.unify(p.child[0], chanElement(t), depth+1)
		}
	case funcType:
		if kind == reflect.Func {
			u.unifyFields(p.child[1], t.numIn(), t.in, depth)
			if len(p.child) > 2 {
				u.unifyFields(p.child[2], t.numOut(), t.out, depth)
			}
		}
	case structType:
		if kind == reflect.Struct {
			u.unifyFields(p.child[0], numFields(t), func(i int) *itype { return fieldType(t, i) }, depth)
		}
	case indexExpr, indexListExpr:
		u.unifyInstance(p, t, depth)
	}
}

// unifyFields unifies the types of the fields (parameters, results,
// struct fields) of the field list fl with the n types of at.
func (u *unifier) unifyFields(fl *node, n int, at func(int) *itype, depth int) {
	i := 0
	for _, f := range fl.child {
		for k := max(len(f.child)-1, 1); k > 0 && i < n; k-- {
			ft := f.lastChild()
			if ft.kind == ellipsisExpr {
				ft = &node{kind: arrayType, child: ft.child}
			}
			u.unify(ft, at(i), depth+1)
			i++
		}
	}
}

// unifyInstance unifies the instance G[A, B] of a generic type G with t:
// G's own type parameters are bound by unifying G's definition with t,
// then A and B with them.
func (u *unifier) unifyInstance(p *node, t *itype, depth int) {
	g, err := nodeType(p.interp, u.sc, p.child[0])
	if err != nil || g == nil || g.cat != genericT || g.node == nil || g.node.anc == nil {
		return
	}
	spec := g.node.anc
	if spec.kind != typeSpec && spec.kind != typeSpecAssign || len(spec.child) < 3 { // culab patch 48: and aliases
		return
	}
	inner := &unifier{sc: g.scope, params: map[string]bool{}, bound: map[string]*itype{}}
	if inner.sc == nil {
		inner.sc = u.sc
	}
	var names []string
	for _, c := range spec.child[1].child {
		for _, cc := range c.child[:len(c.child)-1] {
			names = append(names, cc.ident)
			inner.params[cc.ident] = true
		}
	}
	inner.unify(spec.lastChild(), t, depth+1)
	for i, a := range p.child[1:] {
		if i < len(names) {
			u.unify(a, inner.bound[names[i]], depth+1)
		}
	}
}

func elemType(t *itype) *itype {
	if t.cat == valueT {
		return valueTOf(t.rtype.Elem())
	}
	return t.val
}

func numFields(t *itype) int {
	if t.cat == valueT {
		return t.rtype.NumField()
	}
	return len(t.field)
}

func fieldType(t *itype, i int) *itype {
	if t.cat == valueT {
		return valueTOf(t.rtype.Field(i).Type)
	}
	return t.field[i].typ
}

// untypedRank orders the kinds of untyped numeric constants.
func untypedRank(t *itype) int {
	switch t.cat {
	case intT:
		return 1
	case int32T:
		return 2
	case float64T:
		return 3
	case complex128T:
		return 4
	}
	return 0
}

// defaultType returns the type that an untyped constant of type t has
// where no other type is asked for.
func defaultType(sc *scope, t *itype) *itype {
	name := map[tcat]string{boolT: "bool", stringT: "string", intT: "int", int32T: "rune", float64T: "float64", complex128T: "complex128"}[t.cat]
	if d := sc.getType(name); d != nil && t.untyped {
		return d
	}
	return sc.fixType(t)
}

// typeParamCount returns the number of type parameters of the generic
// function declared by fun.
func typeParamCount(fun *node) int {
	if fun == nil || fun.kind != funcDecl {
		return 0
	}
	n := 0
	for _, c := range fun.child[2].child[0].child {
		n += len(c.child) - 1
	}
	return n
}

// explicitTypeArgs returns the type arguments written in the callee c0 of
// a call, f[int] or f[int, string], whose others are inferred.
func explicitTypeArgs(c0 *node) []*itype {
	if c0.kind != indexExpr && c0.kind != indexListExpr {
		return nil
	}
	var types []*itype
	for _, c := range c0.child[1:] {
		types = append(types, c.typ)
	}
	return types
}

// typeArg marks, in node.meta, the identifier that stands for a type
// argument in a generic function's instance (its ident is the type's id,
// "*main.C", which names no symbol): it is a type, as in PT(&v) (culab
// patch 41).
type typeArg struct{}

// leftToCfg marks, in node.meta, a package-level define statement of a
// generic call, whose variables cfg declares (GTA cannot type them).
type leftToCfg struct{}

// isGenericCall reports whether src calls a generic function not yet
// instantiated, whose result types GTA cannot know, or is such a function
// instantiated as a value (culab patch 37: Map[string, int]).
func isGenericCall(interp *Interpreter, sc *scope, src *node) bool {
	if src == nil {
		return false
	}
	c0 := src
	switch src.kind {
	case callExpr:
		c0 = src.child[0]
	case indexExpr, indexListExpr:
	default:
		return false
	}
	if c0.kind == indexExpr || c0.kind == indexListExpr {
		c0 = c0.child[0]
	}
	if c0.kind == funcDecl {
		return false // instantiated
	}
	t, err := nodeType(interp, sc, c0)
	return err == nil && t != nil && isGeneric(t)
}

// pkgLevelScope returns the package scope where the define statement n
// in scope sc declares its variables, if it is at the package level: in
// the package scope, or in the block of statements that Eval runs there.
func pkgLevelScope(n *node, sc *scope) *scope {
	isPkg := func(s *scope) bool { return s != nil && s.global && s.anc != nil && s.anc.anc == nil }
	switch {
	case isPkg(sc):
		return sc
	case n.anc != nil && n.anc.kind == blockStmt && n.anc.anc == nil && isPkg(sc.anc):
		return sc.anc
	}
	return nil
}

// pointerCoreElem returns the bound type T of a constraint c whose type set
// is the pointer type *T: an interface with the type term *T, or an
// instance Setter[T] of a generic interface whose term is *P, P its type
// parameter. Nil if c is not such a constraint or T is not bound yet
// (culab patch 41).
func (u *unifier) pointerCoreElem(c *node) *itype {
	c = unparen(c)
	args := map[string]*node{} // a generic interface's type parameters
	if c.kind == indexExpr || c.kind == indexListExpr {
		sym, _, ok := u.sc.lookup(c.child[0].ident)
		if !ok || sym.kind != typeSym || sym.node == nil || sym.node.kind != typeSpec || len(sym.node.child) != 3 {
			return nil
		}
		i := 1
		for _, f := range sym.node.child[1].child {
			for _, p := range f.child[:len(f.child)-1] {
				if i < len(c.child) {
					args[p.ident] = c.child[i]
				}
				i++
			}
		}
		c = sym.node.child[2]
	}
	if c.kind != interfaceType || len(c.child) == 0 {
		return nil
	}
	var term *node
	for _, f := range c.child[0].child {
		if len(f.child) == 1 && unparen(f.child[0]).kind == starExpr {
			if term != nil {
				return nil // several terms: no core type
			}
			term = unparen(f.child[0])
		}
	}
	if term == nil {
		return nil
	}
	elem := unparen(term.child[0])
	if a, ok := args[elem.ident]; ok && elem.kind == identExpr {
		elem = unparen(a)
	}
	if elem.kind != identExpr || !u.params[elem.ident] {
		return nil
	}
	return u.bound[elem.ident]
}
