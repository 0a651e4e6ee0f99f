package interp

// culab patch 26: a generic type that refers to itself with its own type
// parameters, in order (type tnode[K, V any] struct{ l *tnode[K, V] }), is
// its instance: genAST replaced only a reference with one type parameter,
// and with several, each instantiation generated the next one until Go's
// stack overflowed, a fatal error that ended the process. An instantiation
// that still needs itself is now a compile error (genType).

// sameTypeParams reports whether ref, an index expression in the generic
// type declaration spec, indexes the type with its own type parameters,
// in declaration order.
func sameTypeParams(spec, ref *node) bool {
	if len(spec.child) < 3 {
		return false
	}
	var names []string
	for _, c := range spec.child[1].child {
		for _, p := range c.child[:len(c.child)-1] {
			names = append(names, p.ident)
		}
	}
	args := ref.child[1:]
	if len(args) != len(names) {
		return false
	}
	for i, a := range args {
		if a.kind != identExpr || a.ident != names[i] {
			return false
		}
	}
	return true
}

// culab patch 154: an instance of a generic defined type whose underlying
// type is not a struct (type list[T any] []T) is a defined type, as in Go:
// list[int] is not []int. The instance was its underlying type without a
// name (its id "[]int"): `%T` printed []int, a type switch with case []int
// and case list[int] was refused as "duplicate case  in type switch", and
// an any holding a list[int] matched case []int.

// nameInstance names t, the type made for g, the declaration of an
// instance of the generic type lt, by the instance's name, where t is a
// type made for it alone (a slice, array, map, channel or function type;
// a pointer type is shared with other *T, and a struct type is named by
// its declaration already). An alias's instance stays unnamed.
func nameInstance(t *itype, g *node, lt *itype) {
	if t.name != "" || g.kind != typeSpec || lt.node == nil || lt.node.anc == nil || lt.node.anc.kind != typeSpec {
		return
	}
	switch g.lastChild().kind {
	case arrayType, mapType, funcType, chanType, chanTypeRecv, chanTypeSend:
	default:
		return
	}
	t.name = g.child[0].ident
	t.path = lt.path
	t.str = t.path + "." + t.name
}

// culab patch 157: a field of a generic type or function named as one of
// its type parameters (type Pair[K comparable, V any] struct{ K K; V V },
// Go's own idiom) is that field. genAST replaced every identifier of a
// type parameter's name by the type argument, the field's name and the
// selector p.K included: Pair[string, int]{K: "a"} failed with "unknown
// field K in struct literal".

// isMemberName reports whether the identifier n names a member, not a
// type: a struct field's name (not its type), the field or method of a
// selector, or a composite literal's key.
func isMemberName(n *node) bool {
	a := n.anc
	if a == nil {
		return false
	}
	switch a.kind {
	case fieldExpr:
		l := len(a.child) // the names, the type, a tag
		if a.lastChild().kind == basicLit {
			l--
		}
		return childPos(n) < l-1 && a.anc != nil && a.anc.anc != nil && a.anc.anc.kind == structType
	case selectorExpr:
		return childPos(n) == 1
	case keyValueExpr:
		return childPos(n) == 0
	}
	return false
}
