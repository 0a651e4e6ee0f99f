package interp

import (
	"fmt"
	"go/constant"
	"math/bits"
	"reflect"
	"unsafe"
)

// culab patch 111: the functions of package unsafe added since Go 1.17,
// unsafe.Slice, unsafe.SliceData, unsafe.String and unsafe.StringData,
// were missing ("undefined selector unsafe.Slice"). Their results' types
// depend on their arguments', so they are builtins, as unsafe.Sizeof is:
// the selector of one of them is a builtin symbol (cfg.go), typed by
// unsafeBuiltinType, checked by checkUnsafeBuiltin and run by the
// generators here, with Go's checks of length and nil pointer and its
// run-time errors' words.

const (
	bltnUnsafeAdd        = "unsafe.Add" // culab patch 115
	bltnUnsafeSlice      = "unsafe.Slice"
	bltnUnsafeSliceData  = "unsafe.SliceData"
	bltnUnsafeString     = "unsafe.String"
	bltnUnsafeStringData = "unsafe.StringData"
)

// unsafeBuiltinGen is the generator of the unsafe builtin name, nil for
// another name. (A map of them would be an initialization cycle: the
// generators use the compiler that uses the map.)
func unsafeBuiltinGen(name string) func(*node) {
	switch name {
	case bltnUnsafeAdd:
		return _unsafeAdd
	case bltnUnsafeSlice:
		return _unsafeSlice
	case bltnUnsafeSliceData:
		return _unsafeSliceData
	case bltnUnsafeString:
		return _unsafeString
	case bltnUnsafeStringData:
		return _unsafeStringData
	}
	return nil
}

// unsafeBuiltin is the name of the unsafe builtin that n, a selector,
// names, or "". It resolves the package itself: the types of global
// declarations are computed before the selector is.
func unsafeBuiltin(n *node, sc *scope) string {
	if n.kind != selectorExpr || len(n.child) != 2 || n.child[0].kind != identExpr {
		return ""
	}
	if sym, _, found := sc.lookup(n.child[0].ident); found && sym.kind != pkgSym {
		return "" // a name of the code's own that hides the package
	}
	if t := findPackageType(n.interp, sc, n.child[0]); t == nil || t.cat != binPkgT || t.path != "unsafe" {
		return ""
	}
	name := "unsafe." + n.child[1].ident
	if unsafeBuiltinGen(name) == nil {
		return ""
	}
	return name
}

// unsafeBuiltinType is the type of the call n of the unsafe builtin name.
func unsafeBuiltinType(interp *Interpreter, sc *scope, name string, n *node, seen []*node) (*itype, error) {
	switch name {
	case bltnUnsafeAdd:
		return valueTOf(unsafePointerType, withScope(sc)), nil
	case bltnUnsafeString:
		return sc.getType("string"), nil
	case bltnUnsafeStringData:
		return ptrOf(sc.getType("byte"), withScope(sc)), nil
	}
	if len(n.child) < 2 {
		return nil, n.cfgErrorf("not enough arguments in call to %s", name)
	}
	t, err := nodeType2(interp, sc, n.child[1], seen)
	if err != nil || t.incomplete {
		return t, err
	}
	switch k := t.TypeOf(); {
	case name == bltnUnsafeSlice && k != nil && k.Kind() == reflect.Ptr:
		return sliceOf(t.elem(), withScope(sc)), nil
	case name == bltnUnsafeSliceData && k != nil && k.Kind() == reflect.Slice:
		return ptrOf(t.elem(), withScope(sc)), nil
	}
	return nil, n.child[1].cfgErrorf("invalid argument: %s has type %s", exprText(n.child[1]), t.id())
}

// unsafeBuiltin checks the arguments of a call of an unsafe builtin, with
// Go's messages.
func (check typecheck) unsafeBuiltin(name string, n *node, params []param) error {
	if a := n.anc; a != nil && (a.kind == deferStmt || a.kind == goStmt) {
		return n.cfgErrorf("%s discards result of %s", map[nkind]string{deferStmt: "defer", goStmt: "go"}[a.kind], exprText(n))
	}
	p0 := params[0].nod
	switch name {
	case bltnUnsafeAdd: // culab patch 115
		if p0.isNil() {
			if err := check.convertUntyped(p0, valueTOf(unsafePointerType, withScope(check.scope))); err != nil {
				return err
			}
		} else if k := p0.typ.TypeOf(); k == nil || k.Kind() != reflect.UnsafePointer {
			return p0.cfgErrorf("cannot use %s as unsafe.Pointer value in argument to unsafe.Add", operandText(p0))
		}
		c := params[1].nod
		if err := check.convertUntyped(c, check.scope.getType("int")); err != nil {
			return err
		}
		if !isInt(c.typ.TypeOf()) {
			return c.cfgErrorf("cannot use %s as int value in argument to unsafe.Add", operandText(c))
		}
	case bltnUnsafeSlice, bltnUnsafeString:
		if name == bltnUnsafeString && p0.isNil() {
			// A *byte, as the parameter is.
			if err := check.convertUntyped(p0, ptrOf(check.scope.getType("byte"), withScope(check.scope))); err != nil {
				return err
			}
			return check.unsafeLength(params[1].nod)
		}
		k := p0.typ.TypeOf()
		if p0.isNil() || p0.typ.untyped || k == nil || k.Kind() != reflect.Ptr {
			return p0.cfgErrorf("invalid argument: %s is not a pointer", operandText(p0))
		}
		if name == bltnUnsafeString && k.Elem().Kind() != reflect.Uint8 {
			return p0.cfgErrorf("cannot use %s as *byte value in argument to unsafe.String", operandText(p0))
		}
		return check.unsafeLength(params[1].nod)
	case bltnUnsafeSliceData:
		if k := p0.typ.TypeOf(); p0.isNil() || p0.typ.untyped || k == nil || k.Kind() != reflect.Slice {
			return p0.cfgErrorf("invalid argument: %s is not a slice", operandText(p0))
		}
	case bltnUnsafeStringData:
		k := p0.typ.TypeOf()
		if p0.isNil() || k == nil || k.Kind() != reflect.String {
			return p0.cfgErrorf("cannot use %s as string value in argument to unsafe.StringData", operandText(p0))
		}
		if p0.typ.untyped {
			return check.convertUntyped(p0, check.scope.getType("string"))
		}
	}
	return nil
}

// unsafeLength checks the length argument of unsafe.Slice or
// unsafe.String: an integer, and a constant one non-negative and an int.
func (check typecheck) unsafeLength(n *node) error {
	if err := check.convertUntyped(n, check.scope.getType("int")); err != nil {
		return err
	}
	if !isInt(n.typ.TypeOf()) {
		return n.cfgErrorf("invalid argument: length %s must be integer", operandText(n))
	}
	if !n.rval.IsValid() {
		return nil
	}
	c := constant.MakeInt64(vInt(n.rval))
	if k := n.rval.Kind(); k >= reflect.Uint && k <= reflect.Uintptr {
		c = constant.MakeUint64(n.rval.Uint())
	} else if cv := vConstantValue(n.rval); cv != nil {
		c = constant.ToInt(cv)
	}
	if constant.Sign(c) < 0 {
		return n.cfgErrorf("invalid argument: length %s must not be negative", operandText(n))
	}
	if v, exact := constant.Int64Val(c); !exact || int64(int(v)) != v {
		return n.cfgErrorf("invalid argument: length %s (constant %s of type %s) overflows int", exprText(n), c.ExactString(), n.typ.id())
	}
	return nil
}

// operandText is how Go's messages show an operand: its text and what it
// is, "x (value of type T)" or "3 (untyped int constant)".
func operandText(n *node) string {
	switch {
	case n.isNil():
		return "nil"
	case n.typ == nil:
		return exprText(n)
	case n.typ.untyped && n.rval.IsValid():
		kind := "int"
		switch k := n.typ.TypeOf().Kind(); {
		case n.typ.cat == int32T || k == reflect.Int32:
			kind = "rune"
		case k == reflect.Float32 || k == reflect.Float64:
			kind = "float"
		case k == reflect.Complex64 || k == reflect.Complex128:
			kind = "complex"
		case k == reflect.String:
			kind = "string"
		case k == reflect.Bool:
			kind = "bool"
		}
		return fmt.Sprintf("%s (untyped %s constant)", exprText(n), kind)
	case n.rval.IsValid():
		return fmt.Sprintf("%s (constant of type %s)", exprText(n), n.typ.id())
	}
	return fmt.Sprintf("%s (value of type %s)", exprText(n), n.typ.id())
}

// unsafeExec sets n's value to what op computes from its arguments.
func unsafeExec(n *node, op func(f *frame) reflect.Value) {
	dest := genValueOutput(n, n.typ.TypeOf())
	next := getExec(n.tnext)
	n.exec = func(f *frame) bltn {
		dest(f).Set(op(f))
		return next
	}
}

// pointer is what v, a pointer argument, points to: nil for the untyped
// nil, which the interpreter holds as a nil interface.
func pointer(v reflect.Value) unsafe.Pointer {
	if !v.IsValid() || v.Kind() == reflect.Interface {
		return nil
	}
	return v.UnsafePointer()
}

// unsafeLen is the length argument c as an int: a length too large for
// one becomes negative, which the runtime refuses as out of range, as Go
// refuses it.
func unsafeLen(c *node) func(*frame) int {
	value := genValue(c)
	return func(f *frame) int {
		v := value(f)
		switch v.Kind() {
		case reflect.Uint, reflect.Uint8, reflect.Uint16, reflect.Uint32, reflect.Uint64, reflect.Uintptr:
			if u := v.Uint(); u > uint64(^uint(0)>>1) {
				return -1
			}
		}
		return int(vInt(v))
	}
}

// unsafePointerType is the type of unsafe.Pointer.
var unsafePointerType = reflect.TypeOf(unsafe.Pointer(nil))

// _unsafeAdd is unsafe.Add, whose length may be of any integer type (the
// package function took an int: unsafe.Add(p, 2*unsafe.Sizeof(x)), a
// uintptr, did not compile): one too large for an int wraps, as the
// pointer arithmetic does in Go.
func _unsafeAdd(n *node) {
	ptr, length := genValue(n.child[1]), genValue(n.child[2])
	unsafeExec(n, func(f *frame) reflect.Value {
		return reflect.ValueOf(unsafe.Add(pointer(ptr(f)), int(vInt(length(f)))))
	})
}

func _unsafeSlice(n *node) {
	ptr, length := genValue(n.child[1]), unsafeLen(n.child[2])
	elem := n.typ.TypeOf().Elem()
	unsafeExec(n, func(f *frame) reflect.Value {
		return sliceAt(elem, pointer(ptr(f)), length(f))
	})
}

// sliceAt is unsafe.Slice for an element type known at run time
// (reflect.SliceAt is Go 1.23's; this module's go line is 1.22), with Go's
// checks and run-time errors. It checks before calling nothing of the
// runtime's: built with -race (checkptr), the runtime's unsafe.Slice ends
// the process on a nil pointer with a length, where a program panics.
func sliceAt(elem reflect.Type, p unsafe.Pointer, n int) reflect.Value {
	hi, mem := bits.Mul64(uint64(elem.Size()), uint64(n))
	switch {
	case n < 0:
		panic(unsafeError("unsafe.Slice: len out of range"))
	case p == nil && n > 0:
		panic(unsafeError("unsafe.Slice: ptr is nil and len is not zero"))
	case hi != 0 || mem > uint64(^uintptr(0)-uintptr(p)) || mem > uint64(^uint(0)>>1):
		panic(unsafeError("unsafe.Slice: len out of range"))
	}
	header := &struct {
		data     unsafe.Pointer
		len, cap int
	}{p, n, n}
	return reflect.NewAt(reflect.SliceOf(elem), unsafe.Pointer(header)).Elem()
}

// unsafeError is a run-time error of unsafe.Slice or unsafe.String, as
// Go's runtime gives it: a runtime.Error, "runtime error: ...".
type unsafeError string

func (e unsafeError) Error() string { return "runtime error: " + string(e) }

// RuntimeError marks it as a runtime.Error.
func (unsafeError) RuntimeError() {}

func _unsafeSliceData(n *node) {
	slice := genValue(n.child[1])
	elem := n.typ.TypeOf().Elem()
	unsafeExec(n, func(f *frame) reflect.Value {
		return reflect.NewAt(elem, slice(f).UnsafePointer())
	})
}

func _unsafeString(n *node) {
	ptr, length := genValue(n.child[1]), unsafeLen(n.child[2])
	unsafeExec(n, func(f *frame) reflect.Value {
		p, l := pointer(ptr(f)), length(f)
		switch {
		case l < 0 || p != nil && uint64(l) > uint64(^uintptr(0)-uintptr(p)):
			panic(unsafeError("unsafe.String: len out of range"))
		case p == nil && l > 0:
			panic(unsafeError("unsafe.String: ptr is nil and len is not zero"))
		}
		return reflect.ValueOf(unsafe.String((*byte)(p), l))
	})
}

func _unsafeStringData(n *node) {
	str := genValue(n.child[1])
	unsafeExec(n, func(f *frame) reflect.Value {
		return reflect.ValueOf(unsafe.StringData(str(f).String()))
	})
}
