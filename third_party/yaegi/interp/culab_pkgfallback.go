package interp

// culab patch 29: a package of the standard library with some generic
// functions (sync.OnceValue) is two packages in the interpreter: the
// compiled one, its symbol table, and the source of the generic functions
// (stdlib/generic), which shadows the compiled one for a program that
// imports it. binPkgFallback gives a selector of the source package the
// compiled package's symbol where the source has none of that name.
func binPkgFallback(interp *Interpreter, t *itype, name string) *itype {
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
