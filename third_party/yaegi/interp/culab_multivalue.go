package interp

import (
	"fmt"
	"regexp"
	"strings"
)

// culab patch 91: a call of a function of several results is a compile
// error where Go wants one value. `v := two()`, `var v = two()`,
// `v = two()` (two returning (int, error)) compiled and kept the first
// result, a silent wrong answer; `two() + 1` added to it; `return two()`
// from a function of one result panicked at run time. Go refuses them all:
// a call of n > 1 results may only be a statement, the whole right-hand
// side of an assignment of n variables, the only argument of a call, or
// the only value of a return of n results.

// checkMultiValue reports the error of Go's type checker when n, a call,
// has several results and stands where one value is wanted.
func checkMultiValue(n *node, sc *scope) error {
	if !isCall(n) || len(n.child) == 0 || n.child[0].typ == nil || n.anc == nil {
		return nil
	}
	fun := n.child[0].typ
	if fun.cat == builtinT || n.child[0].isType(sc) {
		return nil
	}
	nout := fun.numOut()
	if nout < 2 {
		return nil
	}
	c, p := n, n.anc
	for p != nil && p.kind == parenExpr { // (two()) is two()
		c, p = p, p.anc
	}
	if p == nil {
		return nil
	}
	switch p.kind {
	case exprStmt, goStmt, deferStmt, assignXStmt, defineXStmt:
		return nil
	case callExpr:
		if len(p.child) == 2 && p.child[1] == c && !p.child[0].isType(sc) {
			return nil // f(two()): check.arguments counts the results as arguments
		}
	case returnStmt:
		if len(p.child) == 1 && sc.def != nil && sc.def.typ != nil {
			want := sc.def.typ.numOut()
			if want == nout {
				return nil
			}
			q := "not enough"
			if nout > want {
				q = "too many"
			}
			return n.cfgErrorf("%s return values\n\thave %s\n\twant %s", q, resultTypes(fun), resultTypes(sc.def.typ))
		}
	case assignStmt, defineStmt:
		// Go says so of := and =; of a var declaration, that the
		// call is multiple-value.
		if p.nleft == 1 && p.nright == 1 && p.action == aAssign && childPos(c) == len(p.child)-1 && (p.anc == nil || p.anc.kind != varDecl) {
			return assignMismatch(n, 1, nout)
		}
	}
	return n.cfgErrorf("multiple-value %s (value of type %s) in single-value context", callText(n), resultTypes(fun))
}

// assignMismatch is Go's error for an assignment of l variables from call,
// a call of r results.
func assignMismatch(call *node, l, r int) error {
	return call.cfgErrorf("assignment mismatch: %s but %s returns %s", measure(l, "variable"), funText(call.child[0]), measure(r, "value"))
}

// funText is the function of a call as its source wrote it; a generic
// function's call has the instance's declaration in its place.
func funText(fun *node) string {
	if fun.kind == funcDecl && len(fun.child) > 1 {
		name, _, _ := strings.Cut(fun.child[1].ident, "[")
		return name
	}
	return exprText(fun)
}

// measure is n and unit, plural unless n is 1, as Go's errors write them.
func measure(n int, unit string) string {
	if n != 1 {
		unit += "s"
	}
	return fmt.Sprintf("%d %s", n, unit)
}

// mainQual matches the package qualifier of a cell's types, which Go's
// errors leave out.
var mainQual = regexp.MustCompile(`\bmain\.`)

// resultTypes is the list of the result types of function type fun, as
// Go's errors write it: (int, error).
func resultTypes(fun *itype) string {
	var l []string
	for i := 0; i < fun.numOut(); i++ {
		l = append(l, mainQual.ReplaceAllString(goTypeName(fun.out(i)), ""))
	}
	return "(" + strings.Join(l, ", ") + ")"
}

// multiValueArgCount is Go's error for f(two()) where f, not variadic,
// takes fewer or more parameters than two has results; "too many
// arguments" said neither the function nor the types.
func multiValueArgCount(child []*node, fun *node) error {
	if len(child) != 1 || !isCall(child[0]) || fun.typ == nil || fun.typ.isVariadic() || fun.typ.isBinMethod {
		return nil
	}
	res := child[0].child[0].typ
	if res == nil || res.numOut() < 2 || res.numOut() == fun.typ.numIn() {
		return nil
	}
	q := "not enough"
	if res.numOut() > fun.typ.numIn() {
		q = "too many"
	}
	var in []string
	for i := 0; i < fun.typ.numIn(); i++ {
		in = append(in, mainQual.ReplaceAllString(goTypeName(fun.typ.in(i)), ""))
	}
	return child[0].cfgErrorf("%s arguments in call to %s\n\thave %s\n\twant (%s)", q, funText(fun), resultTypes(res), strings.Join(in, ", "))
}

// callText is call as its source wrote it.
func callText(call *node) string {
	s := funText(call.child[0]) + "("
	for i, c := range call.child[1:] {
		if i > 0 {
			s += ", "
		}
		s += exprText(c)
	}
	return s + ")"
}
