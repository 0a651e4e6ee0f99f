package interp

// culab patch 14 (see PATCHES.md at the module's root): an assignment to
// a field or array element of a value that is not addressable, such as
// a map entry, is a compile error, as in Go. It compiled, and assigned a
// copy: m["a"].X = 5 left the map as it was.

import (
	"reflect"
	"strings"
)

// checkAssignables checks the destinations of the assignment n.
func checkAssignables(n *node) error {
	if n.kind == defineStmt || n.kind == defineXStmt {
		return nil
	}
	dests := n.child[:n.nleft]
	if n.kind == assignXStmt {
		dests = n.child[:len(n.child)-1]
	}
	for _, d := range dests {
		if err := checkAssignable(d); err != nil {
			return err
		}
	}
	return nil
}

// checkAssignable returns the error of Go for an assignment to dest that
// cannot be assigned to.
func checkAssignable(dest *node) error {
	base := unaddressable(dest)
	if base == nil {
		return nil
	}
	if isMapIndex(base) && dest.kind == selectorExpr && unparen(dest.child[0]) == base {
		return dest.cfgErrorf("cannot assign to struct field %s in map", exprText(dest))
	}
	return dest.cfgErrorf("cannot assign to %s (neither addressable nor a map index expression)", exprText(dest))
}

// unaddressable returns, for a field or array element n, the expression
// that makes it not addressable, or nil.
func unaddressable(n *node) *node {
	n = unparen(n)
	var x *node
	switch {
	case n.kind == selectorExpr && isField(n):
		x = n.child[0]
	case n.kind == indexExpr && isArrayValue(n.child[0]):
		x = n.child[0]
	default:
		return nil
	}
	if x.typ == nil || x.typ.TypeOf() == nil || x.typ.TypeOf().Kind() == reflect.Ptr {
		return nil // a field or element through a pointer
	}
	x = unparen(x)
	switch x.kind {
	case identExpr, starExpr:
		return nil
	case selectorExpr, indexExpr:
		if isMapIndex(x) {
			return x
		}
		if x.kind == indexExpr && !isArrayValue(x.child[0]) {
			return nil // a slice element
		}
		if x.kind == selectorExpr && !isField(x) {
			return nil // a package's variable
		}
		return unaddressable(x)
	}
	return x // a call, a conversion, a composite literal...
}

func unparen(n *node) *node {
	for n.kind == parenExpr {
		n = n.lastChild()
	}
	return n
}

func isArrayValue(n *node) bool {
	return n.typ != nil && n.typ.TypeOf() != nil && n.typ.TypeOf().Kind() == reflect.Array
}

func isMapIndex(n *node) bool {
	n = unparen(n)
	return n.kind == indexExpr && n.child[0].typ != nil && n.child[0].typ.TypeOf() != nil &&
		n.child[0].typ.TypeOf().Kind() == reflect.Map
}

// exprText writes the expression n as in the source, for error messages.
func exprText(n *node) string {
	var b strings.Builder
	var write func(n *node)
	write = func(n *node) {
		switch n.kind {
		case identExpr, basicLit:
			b.WriteString(n.ident)
		case unaryExpr:
			// culab patch 82: -7.9
			if op, ok := map[action]string{aNeg: "-", aPos: "+", aNot: "!", aBitNot: "^"}[n.action]; ok && len(n.child) == 1 {
				b.WriteString(op)
				write(n.child[0])
				break
			}
			b.WriteString("…")
		case parenExpr:
			b.WriteString("(")
			write(n.lastChild())
			b.WriteString(")")
		case selectorExpr:
			write(n.child[0])
			b.WriteString(".")
			write(n.child[1])
		case indexExpr:
			write(n.child[0])
			b.WriteString("[")
			write(n.child[1])
			b.WriteString("]")
		case starExpr:
			b.WriteString("*")
			write(n.child[0])
		case addressExpr: // culab patch 111: &x
			b.WriteString("&")
			write(n.child[0])
		case callExpr:
			write(n.child[0])
			b.WriteString("(")
			for i, c := range n.child[1:] {
				if i > 0 {
					b.WriteString(", ")
				}
				write(c)
			}
			b.WriteString(")")
		default:
			b.WriteString("…")
		}
	}
	write(n)
	return b.String()
}
