package interp

// culab patch 37: explicit instantiation of a generic function as a value.

// instantiateFunc returns the instance of the generic function declared by
// fun with the type arguments args (one for each type parameter),
// compiling it the first time.
func (interp *Interpreter) instantiateFunc(sc *scope, fun *node, args []*node, importPath, pkgName string) (*node, error) {
	types := make([]*itype, len(args))
	for i, c := range args {
		if !c.isType(sc) {
			return nil, c.cfgErrorf("%s is not a type", c.ident)
		}
		types[i] = c.typ
	}
	g, found, err := genAST(sc, fun, types)
	if err != nil || found {
		return g, err
	}
	if _, err := interp.cfg(g, fun.scope, importPath, pkgName); err != nil {
		return nil, err
	}
	return g, genRun(g)
}
