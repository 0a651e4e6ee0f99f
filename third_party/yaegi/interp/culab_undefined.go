package interp

import "path/filepath"

// culab patch 148: a package-level declaration whose value uses a name
// no declaration defines is "undefined: x", Go's error. A cell's
// top-level statements are package-level declarations: `b, err :=
// json.Marshal(v)` without the import of encoding/json said "assignment
// mismatch: 2 variables but json.Marshal returns 0 values" (compDefineX
// read the unknown function's result count as 0), and `x := sq(7)` with
// sq misspelled "constant definition loop". A `a, b := f()` of a function
// not known yet now waits for the other declarations, as one of a value
// does, so that `var q, r = divmod(7, 2)` above `func divmod` compiles.

// undefinedIn returns "undefined: x" for the first name in the expression
// n that no scope holds, or nil. A selector's field or method, a
// composite literal's keys and a function literal's body are not looked
// up; nodeType leaves a placeholder symbol for a name it did not find, in
// case a later declaration defines it, which does not count. A name that
// a declaration of root, the file, defines is not reported: GTA leaves the
// variables of a generic call to cfg (patch 16).
func undefinedIn(root, n *node, sc *scope, baseName string) error {
	var err error
	var declared map[string]bool
	n.Walk(func(c *node) bool {
		if err != nil {
			return false
		}
		switch c.kind {
		case funcLit:
			return false
		case selectorExpr:
			err = undefinedIn(root, c.child[0], sc, baseName)
			return false
		case keyValueExpr:
			err = undefinedIn(root, c.child[1], sc, baseName)
			return false
		case identExpr:
			sym, _, ok := sc.lookup(c.ident)
			if !ok {
				sym, _, ok = sc.lookup(filepath.Join(c.ident, baseName))
			}
			if (!ok || placeholder(sym)) && (c.typ == nil || c.typ.incomplete) {
				if declared == nil {
					declared = topLevelNames(root)
				}
				if !declared[c.ident] {
					err = c.cfgErrorf("undefined: %s", c.ident)
				}
			}
		}
		return true
	}, nil)
	return err
}

// placeholder tells the symbol nodeType leaves for a name it did not find
// (an incomplete type of no kind).
func placeholder(sym *symbol) bool {
	return sym.kind == typeSym && sym.typ != nil && sym.typ.incomplete && sym.typ.cat == nilT
}

// topLevelNames returns the names that the package-level declarations of
// the file of root define.
func topLevelNames(root *node) map[string]bool {
	for root.anc != nil { // a retry of GTA starts at the declaration
		root = root.anc
	}
	names := map[string]bool{}
	root.Walk(func(c *node) bool {
		switch c.kind {
		case funcDecl:
			if !isMethod(c) {
				names[c.child[1].ident] = true
			}
			return false
		case funcLit, blockStmt:
			return c == root
		case defineStmt, defineXStmt, valueSpec:
			l := c.nleft
			if c.kind != defineStmt {
				l = len(c.child) - 1
			}
			for _, d := range c.child[:min(l, len(c.child))] {
				names[d.ident] = true
			}
			return false
		case typeSpec, typeSpecAssign:
			names[c.child[0].ident] = true
			return false
		}
		return true
	}, nil)
	return names
}
