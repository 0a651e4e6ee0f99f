package interp

import "reflect"

// culab patch 22: a type switch's cases compare the dynamic type of the
// guard's value with each case's type, by one rule whatever the guard's
// representation (see dynamicOf).

// dynValue is the dynamic value of an interface value, however the
// interpreter holds it: an interface slot of a compiled type (the value, or
// the wrapper struct that makes a cell value implement it), an `any` slot, or
// a valueInterface.
type dynValue struct {
	src  reflect.Value // the value as the interface held it, for `case any`
	v    reflect.Value // the concrete value; invalid for a nil interface
	node *node         // where a valueInterface was made: its type is v's
	bin  reflect.Value // the wrapper struct that held v, if any
	// iface is the empty interface that held v, if v was in one (for
	// patch 84's notes).
	iface reflect.Value
}

// isWrapperStruct reports whether t is one of the structs that make a value
// of a cell type implement a compiled interface (IValue, then one func field
// a method).
func isWrapperStruct(t reflect.Type) bool {
	return t.Kind() == reflect.Struct && t.NumField() > 0 && t.Field(0).Name == "IValue"
}

func dynamicOf(v reflect.Value) dynValue {
	var d dynValue
	for v.IsValid() {
		switch {
		case v.Kind() == reflect.Interface:
			if v.IsNil() {
				return d
			}
			if v.NumMethod() == 0 {
				d.iface = v
			} else {
				d.iface = reflect.Value{}
			}
			v = v.Elem()
		case v.Type() == valueInterfaceType:
			vi := v.Interface().(valueInterface)
			if vi.node != nil && vi.node.typ != nil && vi.node.typ.cat == nilT {
				return d
			}
			if !d.src.IsValid() {
				d.src = v
			}
			if vi.node != nil && vi.node.typ != nil {
				d.node = vi.node
			}
			v = vi.value
		case isWrapperStruct(v.Type()):
			if !d.src.IsValid() {
				d.src = v
			}
			d.bin = v
			if n := wrappedNode(v); n != nil { // culab patch 27
				d.node = n
			} else if n := notedWrapperNode(v); n != nil { // culab patch 136
				d.node = n
			}
			v = v.Field(0)
		default:
			if !d.src.IsValid() {
				d.src = v
			}
			d.v = v
			return d
		}
	}
	return d
}

// typ is the interpreter's type of d.v where it is known (a value that a
// valueInterface held), else nil.
func (d dynValue) typ() *itype {
	if d.node == nil || d.node.typ.cat == valueT && d.node.typ.val == nil {
		return nil
	}
	return d.node.typ
}

// is reports whether d's dynamic type is t, or implements t if t is an
// interface, as a type switch's case t or an assertion x.(t) asks.
func (d dynValue) is(t *itype) bool {
	if t.cat == nilT {
		return !d.v.IsValid()
	}
	if !d.v.IsValid() {
		return false
	}
	dt := d.typ()
	if isInterface(t) {
		if isEmptyInterface(t) {
			return true
		}
		if dt == nil {
			if t.cat == valueT || t.cat == errorT {
				if d.v.Type().Implements(t.rtype) {
					return true
				}
				return d.bin.IsValid() && d.bin.Type().Implements(t.rtype)
			}
			dt = valueTOf(d.v.Type())
			if d.bin.IsValid() {
				dt = valueTOf(d.bin.Type())
			}
		}
		return dt.methods().contains(t.methods())
	}
	if dt != nil {
		return dt.id() == t.id()
	}
	if needsTypeNote(t) {
		// culab patch 84: interpreted code notes the values of t that it
		// puts in an any (and any(v) of a t is one); one without a note
		// is of another type.
		return false
	}
	if !d.bin.IsValid() && cellType(t, true) != nil && t.underlying().cat != structT {
		// culab patch 156: a value of a cell type with methods is held in
		// an any with its type (a valueInterface); one held bare is of a
		// compiled type, the underlying one at most: any(0.25) was a
		// meters of type meters float64 with a String method.
		return false
	}
	vt := d.v.Type()
	return vt == t.TypeOf() || vt == t.frameType()
}

// as returns d's value as a variable of type t holds it, d being of type t
// (d.is(t)), for a type switch's clause with one type.
func (d dynValue) as(f *frame, t *itype) reflect.Value {
	switch {
	case !d.v.IsValid():
		return reflect.New(t.frameType()).Elem()
	case isEmptyInterface(t):
		return d.src
	case isInterfaceSrc(t):
		n := d.node
		if n == nil {
			n = &node{typ: valueTOf(d.v.Type())}
		}
		return reflect.ValueOf(valueInterface{n, d.v})
	case isInterfaceBin(t):
		if d.v.Type().Implements(t.rtype) {
			return d.v
		}
		if d.bin.IsValid() && d.bin.Type().Implements(t.rtype) {
			return d.bin
		}
		if d.node != nil {
			return interfaceWrapper(d.node, t.rtype)(f, d.v)
		}
		return d.v
	}
	return d.v
}

// typeSwitchCase sets the exec of n, a case clause of a type switch.
func typeSwitchCase(n *node) {
	tnext := getExec(n.tnext)
	if len(n.child) <= 1 {
		// default clause: the variable, if any, has the guard's value
		if sn := n.anc.anc; len(sn.child[1].child) == 2 {
			srcValue := genValue(sn.child[1].lastChild().child[0])
			store := genDefineStore(n.lastChild().child[0]) // culab patch 75
			n.exec = func(f *frame) bltn {
				store(f, srcValue(f))
				return tnext
			}
			return
		}
		n.exec = func(*frame) bltn { return tnext }
		return
	}
	fnext := getExec(n.fnext)
	sn := n.anc.anc // switch node
	types := make([]*itype, len(n.child)-1)
	for i := range types {
		types[i] = n.child[i].typ
	}
	srcValue := genValue(sn.child[1].lastChild().child[0])
	var store func(*frame, reflect.Value)
	if len(sn.child[1].child) == 2 {
		store = genDefineStore(n.lastChild().child[0]) // culab patch 75
	}
	n.exec = func(f *frame) bltn {
		v := srcValue(f)
		d := dynamicIn(n.interp, v) // culab patch 84
		for _, t := range types {
			if !d.is(t) {
				continue
			}
			if store != nil {
				if len(types) == 1 && t.cat != nilT {
					store(f, d.as(f, t))
				} else {
					store(f, v)
				}
			}
			return tnext
		}
		return fnext
	}
}

// typeAssert sets the exec of n, a type assertion x.(T), with its result
// (v := x.(T)), its status (_, ok := x.(T)) or both, by the rule of the
// type switches: yaegi's five matchers missed compiled values against
// interfaces of the cell (x.(interface{ Unwrap() []error })) and cell values
// behind compiled interfaces.
func typeAssert(n *node, withResult, withOk bool) {
	c0, c1 := n.child[0], n.child[1]
	value := genValue(c0) // input value
	var value0, value1 func(*frame) reflect.Value
	setStatus := false
	switch {
	case withResult && withOk:
		value0 = genValue(n.anc.child[0])       // returned result
		value1 = genValue(n.anc.child[1])       // returned status
		setStatus = n.anc.child[1].ident != "_" // do not assign status to "_"
	case withResult && !withOk:
		value0 = genValue(n) // returned result
	case !withResult && withOk:
		value1 = genValue(n.anc.child[1])       // returned status
		setStatus = n.anc.child[1].ident != "_" // do not assign status to "_"
	}
	typ := c1.typ
	next := getExec(n.tnext)
	defer freshBefore(n) // culab patch 76
	n.exec = func(f *frame) bltn {
		d := dynamicIn(n.interp, value(f)) // culab patch 84
		ok := d.is(typ)
		if !ok && !withOk {
			panic(typeAssertionError(n.interp, c0.typ, d, typ))
		}
		if ok && withResult {
			value0(f).Set(d.as(f, typ))
		}
		if withOk {
			setAssertStatus(f, ok, setStatus, value0, value1)
		}
		return next
	}
}

// TypeAssertionError is the run-time error of a failed type assertion
// x.(T), a runtime.Error with the message of Go's.
type TypeAssertionError struct{ msg string }

func (e *TypeAssertionError) Error() string { return e.msg }

// RuntimeError makes it a runtime.Error.
func (*TypeAssertionError) RuntimeError() {}

func typeAssertionError(in *Interpreter, src *itype, d dynValue, t *itype) *TypeAssertionError {
	inter := "interface"
	if src != nil {
		inter = typeString(src)
	}
	as := typeString(t)
	if !d.v.IsValid() {
		return &TypeAssertionError{"interface conversion: " + inter + " is nil, not " + as}
	}
	dt := d.typ()
	cs := d.v.Type().String()
	if dt != nil {
		cs = typeString(dt)
	} else if dt = in.cellTypeOf(d.v.Type()); dt != nil {
		// culab patch 153: a cell struct without methods in an any is its
		// reflect value; its type's name, where one cell type has that
		// reflect type, not reflect's struct { Xr float64 "json:\"-\"" }.
		cs = goTypeName(dt)
	}
	if isInterface(t) {
		missing := ""
		have := dt
		if have == nil {
			have = valueTOf(d.v.Type())
		}
		ms := have.methods()
		for name := range t.methods() {
			if _, ok := ms[name]; !ok && (missing == "" || name < missing) {
				missing = name
			}
		}
		return &TypeAssertionError{"interface conversion: " + cs + " is not " + as + ": missing method " + missing}
	}
	return &TypeAssertionError{"interface conversion: " + inter + " is " + cs + ", not " + as}
}

// wrappedValue is what a wrapper of a compiled interface holds of v: the
// value of a valueInterface, or the concrete value in a wrapper struct.
// getConcreteValue also took a struct value without methods for an
// emulated interface and returned its last field: a cell struct embedding
// time.Time, as a fmt.Stringer, was its name string field, whose String
// method was then not found (culab patch 69).
func wrappedValue(v reflect.Value) reflect.Value {
	for v.IsValid() && v.Type() == valueInterfaceType {
		v = v.Interface().(valueInterface).value
	}
	if !v.IsValid() || v.Kind() != reflect.Struct || isWrapperStruct(v.Type()) {
		return getConcreteValue(v)
	}
	return v
}
