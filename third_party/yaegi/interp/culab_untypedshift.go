package interp

// culab patch 94: an untyped constant shifted by a variable amount takes
// the type of the other operand where the shift is an operand of a binary
// expression, as Go's spec asks (the type the constant would have if the
// shift were replaced by the constant alone). mant & (1<<s - 1) with a
// uint32 mant made 1<<s an int, and the & panicked with reflect's "call
// of reflect.Value.Uint on int Value"; so did mant + 1<<s and
// mant == 1<<s. Only the context of an assignment gave the shift its type.

// typeUntypedOperands gives an operand of n, a binary expression other
// than a shift, the type of its other operand where the one is an untyped
// expression that is not a constant (a shift of a constant, or an
// expression made of such shifts and constants) and the other is typed.
func typeUntypedOperands(sc *scope, n *node) {
	if isShiftNode(n) {
		return
	}
	c0, c1 := n.child[0], n.child[1]
	switch {
	case isUntypedVariable(c0) && c1.typ != nil && !c1.typ.untyped:
		retypeUntyped(sc, c0, c1.typ)
	case isUntypedVariable(c1) && c0.typ != nil && !c0.typ.untyped:
		retypeUntyped(sc, c1, c0.typ)
	}
}

// isUntypedVariable reports whether n is an untyped expression whose
// value is not a constant.
func isUntypedVariable(n *node) bool {
	if n.typ == nil || !n.typ.untyped || n.rval.IsValid() {
		return false
	}
	switch n.kind {
	case parenExpr, unaryExpr:
		return true
	case binaryExpr:
		return !isComparisonAction(n.action)
	}
	return false
}

// retypeUntyped gives n, and the untyped expressions it is made of down
// to the shifts, the type t, and their frame slots t's type.
func retypeUntyped(sc *scope, n *node, t *itype) {
	if !isUntypedVariable(n) {
		return
	}
	n.typ = t
	if n.kind != parenExpr && n.findex >= 0 && n.findex < len(sc.types) {
		sc.types[n.findex] = t.frameType()
	}
	if isShiftNode(n) {
		return // its left operand, a constant, is converted by the shift
	}
	for _, c := range n.child {
		retypeUntyped(sc, c, t)
	}
}

// typeUntypedArgs gives an argument of a call of a function of type ft
// that is an untyped expression but not a constant the type of its
// parameter, where that is not an interface.
func typeUntypedArgs(sc *scope, args []*node, ft *itype) {
	if ft == nil || ft.cat != funcT && ft.cat != valueT {
		return
	}
	for i, a := range args {
		if !isUntypedVariable(a) {
			continue
		}
		if t := getArg(ft, i); t != nil && !isInterface(t) {
			retypeUntyped(sc, a, t)
		}
	}
}
