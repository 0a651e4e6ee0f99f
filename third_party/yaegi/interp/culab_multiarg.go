package interp

// culab patch 141: f(g()) where g returns several values: each value is
// given as the parameter it goes to needs it. The parameter type of g's
// first result was used for all of them, so MustS(lookup()) with
// lookup() (Shape, error) wrapped the error as a Shape's value, and the
// call panicked "reflect.Set: value of type interp.valueInterface is not
// assignable to type error" (a generic Must[T](v T, err error) T too).

// paramAt returns the type of parameter k of function type ft, whose
// variadic parameter is at variadic (-1: none), or def if it has none.
func paramAt(ft *itype, variadic, k int, def *itype) *itype {
	switch {
	case variadic >= 0 && k >= variadic:
		return ft.arg[variadic].val
	case k < len(ft.arg):
		return ft.arg[k]
	}
	return def
}
