package interp

// culab patch 98: a comparison or a unary operation returned as a result
// of an interface type (func f(a int) any { return a > 1 }) wrote its
// value straight into the result's slot, an interface, and panicked with
// reflect's "call of reflect.Value.SetBool on interface Value" (for -a,
// "no code generated for unaryExpr (-, type interface {})"). It now has a slot of its
// own, which the return statement converts as it does a bool variable.

// opToInterfaceResult reports whether n, an operation returned by a
// return statement, is a comparison or a unary -, +, ^ or ! returned as a
// result of an interface type.
func opToInterfaceResult(sc *scope, n *node) bool {
	switch n.action {
	case aNot, aNeg, aPos, aBitNot:
	default:
		if !isComparisonAction(n.action) {
			return false
		}
	}
	if sc.def == nil || sc.def.typ == nil {
		return false
	}
	ret := sc.def.typ.ret
	pos := childPos(n)
	return pos < len(ret) && isInterface(ret[pos])
}
