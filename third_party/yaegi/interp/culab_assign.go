package interp

// culab patch 7 (see PATCHES.md at the module's root): the map entries of
// a multiple-value assignment are assigned.

import "reflect"

// storeMapEntries wraps the generator of a multiple-value assignment
// (assignXStmt) whose destinations include map entries. Its source (a
// call, a comma-ok form) sets each destination's value; a map entry's
// value is its index expression's own frame slot, which nothing put in the
// map: after the source, the statement stores those slots in their maps,
// left to right, with the map and key evaluated before the source, as Go
// does.
func storeMapEntries(gen bltnGenerator) bltnGenerator {
	return func(n *node) {
		gen(n)
		type entry struct{ m, k, v func(*frame) reflect.Value }
		var entries []entry
		for _, c := range n.child[:len(n.child)-1] {
			if !isMapEntry(c) {
				continue
			}
			k := genValue(c.child[1])
			if isInterfaceSrc(c.child[1].typ) {
				k = genValueInterface(c.child[1])
			}
			entries = append(entries, entry{m: genValue(c.child[0]), k: k, v: genValue(c)})
		}
		exec := n.exec
		n.exec = func(f *frame) bltn {
			next := exec(f)
			for _, e := range entries {
				e.m(f).SetMapIndex(e.k(f), e.v(f))
			}
			return next
		}
	}
}

// hasMapEntry reports whether a destination of a multiple-value
// assignment is a map entry.
func hasMapEntry(dests []*node) bool {
	for _, c := range dests {
		if isMapEntry(c) {
			return true
		}
	}
	return false
}

// setAssertStatus ends a comma-ok type assertion: it sets the status and,
// when the assertion failed, the result to its zero value, as Go does (the
// result kept its value).
func setAssertStatus(f *frame, ok, setStatus bool, value0, value1 func(*frame) reflect.Value) {
	if setStatus {
		value1(f).SetBool(ok)
	}
	if !ok && value0 != nil {
		r := value0(f)
		r.Set(reflect.Zero(r.Type()))
	}
}

// setOrZero sets the result of a comma-ok map index: the entry found, or
// the zero value when it is not there, as Go does (it kept its value).
func setOrZero(dest, v reflect.Value) {
	if !v.IsValid() {
		v = reflect.Zero(dest.Type())
	}
	dest.Set(v)
}
