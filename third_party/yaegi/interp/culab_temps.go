package interp

import "reflect"

// culab patch 44: statements run at the package level (the REPL's, an
// embedder's cells) keep the values of their expressions in slots of the
// global frame, which nothing ever frees: after
// "n := len(make([]byte, 1<<30))" the gigabyte stayed reachable for the
// life of the interpreter. ClearTemps lets them go once the program ran.

// tempKinds are the kinds of the expressions whose value a slot of their
// own holds.
var tempKinds = map[nkind]bool{
	addressExpr: true, binaryExpr: true, callExpr: true, compositeLitExpr: true,
	indexExpr: true, parenExpr: true, selectorExpr: true, sliceExpr: true,
	starExpr: true, typeAssertExpr: true, unaryExpr: true,
}

// ClearTemps empties the slots of the global frame where p's package-level
// statements kept the values of expressions, so that the collector may
// free them; call it once p has run (and no goroutine runs p's statements
// any more). Only slots that p's compile allocated are replaced, and not
// one that a variable uses, as an expression's result may (x := f()
// stores f's result in x's slot); a slot is replaced with a new zero
// value, not zeroed, so that a pointer taken to it (p := &T{}) keeps what
// it points to.
func (interp *Interpreter) ClearTemps(p *Program) {
	if p == nil || p.root == nil {
		return
	}
	keep := map[int]bool{}
	var temps []int
	p.root.Walk(func(n *node) bool {
		switch {
		case n.kind == funcDecl || n.kind == funcLit || n.kind == typeSpec:
			return false // their own frames, or no value
		case n.kind != rangeStmt && (n.level != 0 || n.findex < 0 || n.rval.IsValid()):
			// Elsewhere, none, or a constant (whose findex means nothing).
		case n.kind == identExpr:
			keep[n.findex] = true
		case tempKinds[n.kind]:
			temps = append(temps, n.findex)
		case n.kind == rangeStmt:
			for i := n.hidden[0]; i < n.hidden[1]; i++ {
				temps = append(temps, i) // what it ranges over, its iterator
			}
		}
		return true
	}, nil)
	f := interp.frame
	f.mutex.Lock()
	defer f.mutex.Unlock()
	for _, i := range temps {
		// Slots below firstSlot are older programs': a node that holds no
		// value of its own may name one (a parenthesized constant has
		// findex 0).
		if i >= p.firstSlot && !keep[i] && i < len(f.data) && f.data[i].IsValid() {
			f.data[i] = reflect.New(f.data[i].Type()).Elem()
		}
	}
}
