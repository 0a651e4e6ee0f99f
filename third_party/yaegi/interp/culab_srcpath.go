package interp

// culab patch 80: a source package of stdlib/generic is registered under
// the path of its name (program.go), and made visible in the universe by
// that name. sync/atomic's generic type, Pointer[T], is source in a
// package named atomic, whose path is not its name: moveSrcPkg registers
// it under its path, next to the compiled package of that path (an
// import of sync/atomic is the compiled package, whose selectors of a
// type it lacks continue in the source package: nodeType), and takes the
// name out of the universe.
func (interp *Interpreter) moveSrcPkg(name, path string) {
	interp.mutex.Lock()
	defer interp.mutex.Unlock()
	pkg, ok := interp.srcPkg[name]
	if !ok {
		return
	}
	interp.srcPkg[path] = pkg
	delete(interp.srcPkg, name)
	if s := interp.universe.sym[name]; s != nil && s.kind == pkgSym && s.typ != nil && s.typ.cat == srcPkgT && s.typ.path == name {
		delete(interp.universe.sym, name)
	}
	if interp.pkgNames[path] == "" {
		interp.pkgNames[path] = name
	}
}
