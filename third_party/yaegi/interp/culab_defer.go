package interp

// culab patch 15 (see PATCHES.md at the module's root): the arguments of
// a deferred call, and of a go statement's call of compiled code, are
// evaluated and copied by the defer or go statement, as in Go.

import "reflect"

// argValue returns a copy of the argument v if v is a variable (an
// addressable value), whose later changes the call must not see.
func argValue(v reflect.Value) reflect.Value {
	if !v.IsValid() || !v.CanAddr() {
		return v
	}
	c := reflect.New(v.Type()).Elem()
	c.Set(v)
	return c
}

// callDeferred runs a deferred call and returns the value of a panic that
// it did not recover, nil if none (culab patch 39).
func callDeferred(call []reflect.Value) (p any) {
	defer func() { p = recover() }()
	call[0].Call(call[1:])
	return nil
}
