package interp

// hasMethods reports whether values of the interpreter's type t carry
// methods an interface may ask for: its own, those promoted from its
// embedded fields, and for a pointer its element's (culab patch 52). The
// conversions to an empty interface that keep a value's type and methods
// (patch 18) asked len(t.method), which misses the last two: any(&s) and
// any(s) of a struct that embeds a type with methods lost them, and a
// type assertion to an interface they satisfy failed. Compiled types keep
// their methods in reflect and are not wrapped.
func hasMethods(t *itype) bool {
	if t == nil {
		return false
	}
	if len(t.method) > 0 {
		return true
	}
	if isBin(t) || isInterface(t) {
		return false
	}
	return len(t.methods()) > 0
}
