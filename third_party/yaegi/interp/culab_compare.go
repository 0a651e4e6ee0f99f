package interp

// culab patch 36: a value of an unnamed composite type compares with a
// value of a named type of the same underlying type (`anon == Point{1, 2}`),
// each being assignable to the other's type; the check of comparisons
// refused any two types of different names.

// unnamedIdentical reports whether one of t0 and t1 is an unnamed struct,
// array, pointer or channel type, and both have the same underlying type
// (their reflect types, which are the underlying types', are the same).
func unnamedIdentical(t0, t1 *itype) bool {
	unnamed := func(t *itype) bool {
		if t.name != "" {
			return false
		}
		switch t.cat {
		case structT, arrayT, ptrT, chanT, chanSendT, chanRecvT:
			return true
		}
		return false
	}
	return (unnamed(t0) || unnamed(t1)) && t0.TypeOf() == t1.TypeOf()
}
