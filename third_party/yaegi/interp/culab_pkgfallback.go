package interp

// culab patch 29: a package of the standard library with some generic
// functions (sync.OnceValue) is two packages in the interpreter: the
// compiled one, its symbol table, and the source of the generic functions
// (stdlib/generic), which shadows the compiled one for a program that
// imports it. binPkgFallback gives a selector of the source package the
// compiled package's symbol where the source has none of that name.
//
// culab patch 80: and the reverse, for sync/atomic, whose source package
// (Pointer[T]) is registered under the compiled package's path: a
// selector of the compiled package that it does not have is the source
// package's symbol.
func binPkgFallback(interp *Interpreter, t *itype, name string) *itype {
	if t != nil && t.cat == binPkgT {
		if _, ok := interp.binPkg[t.path][name]; ok {
			return t
		}
		if _, ok := interp.srcPkg[t.path][name]; !ok {
			return t
		}
		s := *t
		s.cat = srcPkgT
		return &s
	}
	if t == nil || t.cat != srcPkgT {
		return t
	}
	if _, ok := interp.srcPkg[t.path][name]; ok {
		return t
	}
	if _, ok := interp.binPkg[t.path][name]; !ok {
		return t
	}
	b := *t
	b.cat = binPkgT
	return &b
}
