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
