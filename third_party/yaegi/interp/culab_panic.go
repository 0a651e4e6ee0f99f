package interp

// culab patch 9 (see PATCHES.md at the module's root): the message of a
// panic whose value has an interpreted type.

import (
	"fmt"
	"reflect"
	"sync"
)

// PanicText is the message of a panic value of an interpreted type with
// an Error or String method: the method belongs to the interpreter, and
// the value that Go sees has no methods (fmt prints its fields, "{}").
type PanicText struct {
	Type   string        // the value's type, as the program names it
	Value  any           // the value, unwrapped
	Method string        // "Error" or "String"
	Text   func() string // calls the method: interpreted code, which may panic
}

// panicTexts holds, by goroutine, the text of the panic under way, from
// the panic call until it is recovered or reported (as panicStacks).
var panicTexts sync.Map // goroutine ID → *PanicText

// takePanicText returns the text of the goroutine's panic, or nil.
func takePanicText() *PanicText {
	if t, ok := panicTexts.LoadAndDelete(goroutineID()); ok {
		return t.(*PanicText)
	}
	return nil
}

var (
	errorType    = reflect.TypeOf((*error)(nil)).Elem()
	stringerType = reflect.TypeOf((*fmt.Stringer)(nil)).Elem()
)

// textMethods are the methods that give a panic value's text, in Go's
// order of preference.
var textMethods = []struct {
	name  string
	iface reflect.Type
}{{"Error", errorType}, {"String", stringerType}}

// panicTexter returns, for the argument of a panic call, what makes the
// text of its value at the call, or nil when its type cannot be an
// interpreted one with an Error or String method.
func panicTexter(arg *node) func(*frame) *PanicText {
	t := arg.typ
	switch {
	case t == nil || isBin(t):
		return nil
	case isInterface(t):
		return dynamicPanicTexter(arg)
	}
	ms := t.methods()
	for _, m := range textMethods {
		if ms[m.name] != "func() string" {
			continue
		}
		value, wrap, name, typ := genValue(arg), genInterfaceWrapper(arg, m.iface), m.name, t.id()
		return func(f *frame) *PanicText {
			w := wrap(f)
			return &PanicText{Type: typ, Value: value(f).Interface(), Method: name, Text: func() string {
				return w.MethodByName(name).Call(nil)[0].String()
			}}
		}
	}
	return nil
}

// dynamicPanicTexter is panicTexter for an argument of an interface type:
// the value's type is known at the call, when the interpreter wrapped it
// with its type (a valueInterface).
func dynamicPanicTexter(arg *node) func(*frame) *PanicText {
	value := genValue(arg)
	return func(f *frame) *PanicText {
		v := value(f)
		if v.Kind() == reflect.Interface && !v.IsNil() {
			v = v.Elem()
		}
		vi, ok := v.Interface().(valueInterface)
		if !ok || vi.node == nil || vi.node.typ == nil {
			return nil
		}
		t := vi.node.typ
		ms := t.methods()
		for _, m := range textMethods {
			if ms[m.name] != "func() string" {
				continue
			}
			meth, index := t.lookupMethod(m.name)
			if meth == nil {
				continue
			}
			nod := *meth
			cv := getConcreteValue(vi.value)
			nod.recv = &receiver{arg, cv, index, false}
			fn := genFunctionWrapper(&nod)(f)
			return &PanicText{Type: t.id(), Value: cv.Interface(), Method: m.name, Text: func() string { return fn.Call(nil)[0].String() }}
		}
		return nil
	}
}
