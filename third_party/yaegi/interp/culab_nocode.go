package interp

// culab patch 25: a node that its generator left without code ends the
// flow of its function where it is reached: the nodes before it return
// its nil exec as their next, which means "done", so the rest of the
// function, or of the cell, did not run, and the cell reported success.
// Such a node now panics with an error that names the construct.
func noCode(n *node) {
	if n.exec != nil || n.kind == returnStmt {
		return // a return's nil exec ends the function, on purpose
	}
	n.exec = func(*frame) bltn {
		panic(n.cfgErrorf("internal interpreter error: no code generated for %s (%s, type %s): not supported", n.kind, n.action, typeString(n.typ)))
	}
}

// typeString is t as Go's run-time errors name it.
func typeString(t *itype) string {
	switch {
	case t == nil:
		return "unknown"
	case isEmptyInterface(t):
		return "interface {}"
	}
	return t.id()
}

// interfaceDest reports whether the destination of the assignment of which
// n is the source has an interface type. An operation stores its result in
// its destination's slot directly, with the destination's type, only where
// that is not an interface: the arithmetic on an interface type generated
// no code (`e.Value = n * n`, e a *list.Element).
func interfaceDest(n *node) bool {
	t := n.anc.child[childPos(n)-n.anc.nright].typ
	return t != nil && isInterface(t)
}
