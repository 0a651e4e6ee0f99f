package interp

import "reflect"

// newInit returns the value of the argument of new when it is an
// expression (Go 1.26: new(42), new(f()), new(T{…})), for the variable to
// start with, and nil when it is a type (culab patch 46): the expression
// was compiled and run, and its value dropped, so new(42) pointed to 0.
func newInit(arg *node, typ reflect.Type) func(*frame) reflect.Value {
	if arg.isType(arg.scope) {
		return nil
	}
	if isInterfaceSrc(arg.typ) && (!isEmptyInterface(arg.typ) || hasMethods(arg.typ)) {
		return genValueInterface(arg)
	}
	if arg.rval.IsValid() {
		convertLiteralValue(arg, typ)
	}
	return genValueAs(arg, typ)
}
