package interp

// culab patch 48: generic type aliases (Go 1.24), and the misuses of a
// generic type that were panics ("nil reflect type") or went unseen.

import "errors"

// genericMisuse is the error of a misused generic type. No later
// declaration mends it, so gta does not put off the declaration that has
// it (a struct type was left declared without the field).
type genericMisuse struct{ *cfgError }

func isGenericMisuse(err error) bool {
	var m genericMisuse
	return errors.As(err, &m)
}

// isGenericAlias reports whether t is a generic type declared as an alias,
// type Vec[T any] = []T: its instances are the types its right-hand side
// denotes, not named types of their own.
func isGenericAlias(t *itype) bool {
	return isGenericType(t) && t.node.anc.kind == typeSpecAssign
}

// isGenericType reports whether t is a generic type's declaration (not
// one of its instances, nor a type parameter).
func isGenericType(t *itype) bool {
	if t == nil || t.cat != genericT || t.node == nil || t.node.anc == nil {
		return false
	}
	spec := t.node.anc
	return (spec.kind == typeSpec || spec.kind == typeSpecAssign) && len(spec.child) > 2 && spec.child[0] == t.node
}

// uninstantiated returns an error if the identifier n names the generic
// type t outside of an instance t[...]: its reflect type was nil.
func uninstantiated(n *node, t *itype) error {
	if !isGenericType(t) {
		return nil
	}
	if a := n.anc; a != nil && (a.kind == indexExpr || a.kind == indexListExpr) && a.child[0] == n {
		return nil
	}
	return genericMisuse{n.cfgErrorf("cannot use generic type %s without instantiation", n.ident)}
}

// checkTypeArgs returns an error unless the instance n of the generic type
// t has as many type arguments, have, as t has type parameters: more were
// ignored.
func checkTypeArgs(n *node, t *itype, have int) error {
	if !isGenericType(t) {
		return nil
	}
	want := 0
	for _, f := range t.node.anc.child[1].child {
		want += len(f.child) - 1
	}
	switch {
	case have > want:
		return genericMisuse{n.cfgErrorf("too many type arguments for type %s: have %d, want %d", t.name, have, want)}
	case have < want:
		return genericMisuse{n.cfgErrorf("not enough type arguments for type %s: have %d, want %d", t.name, have, want)}
	}
	return nil
}

// isTypeParam reports whether the type expression t is one of the type
// parameters declared by the field list params.
func isTypeParam(params, t *node) bool {
	if t.kind != identExpr {
		return false
	}
	for _, f := range params.child {
		for _, p := range f.child[:len(f.child)-1] {
			if p.ident == t.ident {
				return true
			}
		}
	}
	return false
}
