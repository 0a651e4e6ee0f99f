package interp

// culab patch 13 (see PATCHES.md at the module's root): a method value
// binds its receiver when it is made, as Go evaluates it then.

import "reflect"

// boundReceiver returns the receiver src of a method value as the
// method's receiver of type t takes it, made when the method value is:
// for a pointer receiver, the pointer (the address of an addressable src
// value); for a value receiver, a copy of the value, which later changes
// of src leave as it was.
func boundReceiver(src reflect.Value, t reflect.Type) reflect.Value {
	// The type is looked at before the value: Interface copies the value,
	// a read of all of it (of a sync.Mutex that another goroutine unlocks:
	// a data race), where the receiver of a pointer method is its address
	// (culab patch 33).
	for src.IsValid() && src.Type() == valueInterfaceType {
		src = src.Interface().(valueInterface).value
	}
	switch sk, tk := src.Kind(), t.Kind(); {
	case sk != reflect.Ptr && tk == reflect.Ptr:
		return src.Addr()
	case sk == reflect.Ptr && tk != reflect.Ptr:
		if src.IsNil() {
			// culab patch 62: the value method of a nil pointer, as a
			// method value, dereferences it when it is made.
			panic(runtimeError("invalid memory address or nil pointer dereference"))
		}
		src = src.Elem()
	}
	return argValue(src)
}

// binReceiver returns what gives the receiver of the method value n of a
// compiled type: a copy of the value if the method value may be called
// after the receiver changes (it is not called at once), as
// reflect.Value.Method reads an addressable receiver at each call.
func binReceiver(n *node) func(reflect.Value) reflect.Value {
	if c := n.anc; c.kind == callExpr && c.child[0] == n && c.anc.kind != deferStmt && c.anc.kind != goStmt {
		return func(v reflect.Value) reflect.Value { return v }
	}
	return argValue
}

// pointerReceiver returns src, the receiver of a method of an interface's
// wrapper, where it is a pointer and t, the method's receiver type, is not
// (culab patch 125): Go dereferences it at each call of the method
// through the interface, so that a heap.Interface holding a *IntHeap sees
// the slice that its Push appended to. The wrapper bound a copy made when
// the value was put in the interface: Len stayed 1 after a Push, and a
// heap built with heap.Push popped out of order. Invalid otherwise.
func pointerReceiver(src reflect.Value, t reflect.Type) reflect.Value {
	for src.IsValid() && src.Type() == valueInterfaceType {
		src = src.Interface().(valueInterface).value
	}
	if src.IsValid() && src.Kind() == reflect.Ptr && t.Kind() != reflect.Ptr {
		return src
	}
	return reflect.Value{}
}
