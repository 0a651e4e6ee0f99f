package interp

import (
	"go/constant"
	"go/token"
	"reflect"
)

// culab patch 93: an expression of untyped constants has the type its
// operands give it, whatever it is assigned to, and a comparison of
// constants is a constant. cfg gives a binary expression the type of the
// variable it is assigned to, or of the constant it declares, and its
// operands that type too: 1 / 2 in var v float64 = 1 / 2, in
// const c = 1 / 2 * 2.0 or in return 1 / 2 of a float64 result was a
// division of floats, 0.5, where Go divides integers. And a comparison
// was left to run time, which a constant declaration never reaches:
// const ok = 5 == 5 was false.

// untypedConstType returns the type of n, a binary expression of two
// untyped constants, by Go's rules (the later of the operands' kinds in
// the order int, rune, float, complex; for a shift, the left operand's,
// made an integer), or nil where n is not one or is a comparison.
func untypedConstType(n *node) *itype {
	c0, c1 := n.child[0], n.child[1]
	if !isConstantRval(c0.rval) || !isConstantRval(c1.rval) || c0.typ == nil || c1.typ == nil || !c0.typ.untyped || !c1.typ.untyped {
		return nil
	}
	r0, r1 := untypedRank(c0.typ), untypedRank(c1.typ)
	switch {
	case isComparisonAction(n.action), r0 == 0 || r1 == 0:
		return nil
	case n.action == aShl || n.action == aShr:
		if r0 > untypedRank(untypedRune(nil)) {
			return untypedInt(n)
		}
		return c0.typ
	case r1 > r0:
		return c1.typ
	}
	return c0.typ
}

// comparisonTokens gives the go/token operator of a comparison.
var comparisonTokens = map[action]token.Token{
	aEqual: token.EQL, aNotEqual: token.NEQ,
	aLower: token.LSS, aLowerEqual: token.LEQ,
	aGreater: token.GTR, aGreaterEqual: token.GEQ,
}

// compareConst sets the value of n, a comparison, where both its operands
// are constants, and reports whether it did. Constants compare exactly,
// as in Go (0.1+0.2 == 0.3 is true). A constant bool is a bool, as true
// and false are (an if reads its condition's with Bool).
func compareConst(n *node) bool {
	op, ok := comparisonTokens[n.action]
	if !ok {
		return false
	}
	x, y := constOperand(n.child[0]), constOperand(n.child[1])
	if x == nil || y == nil || x.Kind() == constant.Unknown || y.Kind() == constant.Unknown {
		return false
	}
	n.rval = reflect.ValueOf(constant.Compare(x, op, y))
	return true
}

// constOperand returns the value of n where it is a constant: an untyped
// one, or a typed one that cfg made a literal (a declared constant) or
// computed (a constant expression, a conversion); nil for a variable of a
// compiled package, whose value cfg also knows.
func constOperand(n *node) constant.Value {
	v := n.rval
	switch {
	case isConstantRval(v):
		return vConstantValue(v)
	case !v.IsValid() || n.kind == identExpr || n.kind == selectorExpr:
		return nil
	}
	switch v.Kind() {
	case reflect.Bool:
		return constant.MakeBool(v.Bool())
	case reflect.String:
		return constant.MakeString(v.String())
	case reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64:
		return constant.MakeInt64(v.Int())
	case reflect.Uint, reflect.Uint8, reflect.Uint16, reflect.Uint32, reflect.Uint64, reflect.Uintptr:
		return constant.MakeUint64(v.Uint())
	case reflect.Float32, reflect.Float64:
		return constant.MakeFloat64(v.Float())
	}
	return nil
}

// logicConst sets the value of n, a && or ||, where both its operands are
// constants, and reports whether it did.
func logicConst(n *node) bool {
	x, y := constOperand(n.child[0]), constOperand(n.child[1])
	if x == nil || y == nil || x.Kind() != constant.Bool || y.Kind() != constant.Bool {
		return false
	}
	r := constant.BoolVal(x) && constant.BoolVal(y)
	if n.kind == lorExpr {
		r = constant.BoolVal(x) || constant.BoolVal(y)
	}
	n.rval = reflect.ValueOf(r)
	return true
}
