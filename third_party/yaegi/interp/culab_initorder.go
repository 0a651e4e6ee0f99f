package interp

// culab patch 24: package-level variables are initialized in the order of
// the Go spec ("Package initialization"): again and again, the earliest
// variable in declaration order that depends on no uninitialized variable,
// references through the functions and methods that an initializer names
// counting as the initializer's own.

// initOrder returns the variable declarations nodes (each a spec, that may
// declare several variables) in the order they are initialized, or the
// error of an initialization cycle.
func initOrder(nodes []*node, sc *scope) ([]*node, error) {
	pending := map[*node]bool{}
	for _, n := range nodes {
		pending[n] = true
	}
	deps := map[*node][]*node{}
	for _, n := range nodes {
		deps[n] = initDependencies(n, sc)
		for _, d := range deps[n] {
			if d == n {
				return nil, n.cfgErrorf("initialization cycle for %s", specNames(n))
			}
		}
	}
	ready := func(n *node) bool {
		for _, d := range deps[n] {
			if pending[d] {
				return false
			}
		}
		return true
	}
	order := make([]*node, 0, len(nodes))
	for len(order) < len(nodes) {
		next := -1
		for i, n := range nodes {
			if pending[n] && ready(n) {
				next = i
				break
			}
		}
		if next < 0 {
			for _, n := range nodes {
				if pending[n] {
					return nil, n.cfgErrorf("initialization cycle for %s", specNames(n))
				}
			}
		}
		n := nodes[next]
		pending[n] = false
		order = append(order, n)
	}
	return order, nil
}

// specNames is the names that a variable spec declares, for errors.
func specNames(spec *node) string {
	s := ""
	for _, c := range spec.child {
		if c.kind != identExpr {
			break
		}
		if s != "" {
			s += ", "
		}
		s += c.ident
	}
	return s
}

// initDependencies returns the package-level variables (their spec nodes)
// that the initializer of spec refers to, directly or through the bodies
// of the functions and methods it refers to, transitively.
func initDependencies(spec *node, sc *scope) []*node {
	var deps []*node
	seenDep := map[*node]bool{}
	seenFunc := map[*node]bool{}
	var walk func(root *node, inInit bool)
	walk = func(root *node, inInit bool) {
		root.Walk(func(n *node) bool {
			if inInit && n.anc == spec && n.kind == identExpr && childPos(n) < len(spec.child)-1 {
				return false // a name the spec declares
			}
			if n.anc != nil && n.anc.kind == selectorExpr && childPos(n) == 1 && n.sym == nil {
				return false // a field or method name, resolved by its selector
			}
			sym := n.sym
			if sym == nil && n.kind == identExpr && inInit {
				// not wired by cfg: resolve in the package scope, as yaegi did
				if s, _, ok := sc.lookup(n.ident); ok {
					sym = s
				}
			}
			if sym != nil && sym.kind == varSym && sym.global && sym.node != nil && !seenDep[sym.node] {
				seenDep[sym.node] = true
				deps = append(deps, sym.node)
			}
			if f, ok := n.val.(*node); ok && f.kind == funcDecl && !seenFunc[f] {
				seenFunc[f] = true
				walk(f.lastChild(), false)
			}
			return true
		}, nil)
	}
	for _, c := range spec.child {
		walk(c, true)
	}
	return deps
}
