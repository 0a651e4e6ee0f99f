package interp

import (
	"encoding/json"
	"fmt"
	"reflect"
)

// culab patch 130: log/slog sees a cell type's LogValue method. A value of
// a cell type given to slog for an any (slog.Info's ...any, slog.Any,
// slog.AnyValue, slog.Group, a Logger's Info or With) reached it as its
// reflect value, which has no methods: slog's v.(slog.LogValuer) failed
// and it printed the value's fields (user="{Name:ann Age:30}") where Go
// prints what LogValue returns (user.name=ann user.age=30), and a
// redacting LogValue (a secret's) was bypassed, a silent wrong answer. Such
// an argument, of a cell type with a LogValue method, is now given as the
// interpreter's wrapper of slog.LogValuer, as it is for a parameter of that
// interface type. A value of such a type held in an any of the cell's
// (args := []any{"user", u}; log.Info("x", args...)) is not: its type is
// known when the call runs only.

// slogCall reports whether n calls a function of log/slog or a method of
// one of its types.
func slogCall(n *node) bool {
	c0 := n.child[0]
	if c0.kind != selectorExpr || len(c0.child) < 2 || c0.child[0].typ == nil {
		return false
	}
	recv := c0.child[0].typ
	if recv.cat == binPkgT {
		return recv.path == "log/slog"
	}
	rt := binRecvType(recv)
	return rt != nil && rt.PkgPath() == "log/slog"
}

// logValuerType returns slog.LogValuer's type where t is a cell type,
// not an interface, with a LogValue method and slog is imported, or nil.
func logValuerType(n *node, t *itype) reflect.Type {
	if t == nil || t.cat == valueT || t.cat == nilT || isInterface(t) || !hasMethods(t) {
		return nil
	}
	if m, _ := t.lookupMethod("LogValue"); m == nil {
		return nil
	}
	p, ok := n.interp.binPkg["log/slog"]
	if !ok {
		return nil
	}
	lv, ok := p["LogValuer"]
	if !ok || lv.Kind() != reflect.Ptr {
		return nil
	}
	rt := lv.Type().Elem()
	if rt.Kind() != reflect.Interface {
		return nil
	}
	return rt
}

// culab patch 138: the values of cell types that reach slog through an
// any (log.Info("x", args...) with args a []any, a variable of type any)
// were the interpreter's valueInterface, which slog printed by its
// internals (user="{node:0x... value:{typ_:...}}"), and a value of a cell
// type with a String or Error method given directly was its bare reflect
// value (lvl=0 where Go prints lvl=low). slog's calls now get, for each
// such argument (in the variadic slice too): a LogValuer wrapper where
// the type has LogValue, an error wrapper where it has Error, a
// slogStringer where it has String (which fmt and json see as Go's
// handlers do: its String for the text handler, the value for json),
// else the bare value.

// slogStringer is a value of a cell type with a String method, for slog.
type slogStringer struct {
	v any
	s fmt.Stringer
}

func (s slogStringer) String() string { return s.s.String() }

// MarshalJSON encodes the value, as json encodes it in a compiled program
// (it calls no String).
func (s slogStringer) MarshalJSON() ([]byte, error) { return json.Marshal(s.v) }

var fmtStringerType = reflect.TypeOf((*fmt.Stringer)(nil)).Elem()

// slogArgsGuard returns value, the function of n, a call of log/slog,
// wrapped so that its arguments of cell types are given as patch 138 says.
func slogArgsGuard(n *node, value func(*frame) reflect.Value) func(*frame) reflect.Value {
	if !slogCall(n) {
		return value
	}
	in := n.interp
	return func(f *frame) reflect.Value {
		fn := value(f)
		if !fn.IsValid() || fn.Kind() != reflect.Func {
			return fn
		}
		ft := fn.Type()
		return reflect.MakeFunc(ft, func(args []reflect.Value) []reflect.Value {
			for i, a := range args {
				switch {
				case a.Kind() == reflect.Interface && ft.In(min(i, ft.NumIn()-1)).Kind() == reflect.Interface:
					if x, ok := in.slogArg(f, a); ok {
						args[i] = x
					}
				case a.Kind() == reflect.Slice && a.Type().Elem() == emptyInterfaceType && ft.IsVariadic() && i == len(args)-1:
					var c reflect.Value
					for j := 0; j < a.Len(); j++ {
						if x, ok := in.slogArg(f, a.Index(j)); ok {
							if !c.IsValid() {
								c = reflect.MakeSlice(a.Type(), a.Len(), a.Len())
								reflect.Copy(c, a)
							}
							c.Index(j).Set(x)
						}
					}
					if c.IsValid() {
						args[i] = c
					}
				}
			}
			if ft.IsVariadic() {
				return fn.CallSlice(args)
			}
			return fn.Call(args)
		})
	}
}

// slogArg returns a, an any given to slog, as patch 138 gives it, and
// whether it changed.
func (in *Interpreter) slogArg(f *frame, a reflect.Value) (reflect.Value, bool) {
	if a.Kind() != reflect.Interface || a.IsNil() {
		return a, false
	}
	v, t := in.dynamicValue(a, nil) // a valueInterface's, or noted (patches 47, 84, 136)
	if t == nil || !v.IsValid() {
		return a, false
	}
	nd := &node{typ: t, interp: in}
	if vi, ok := a.Elem().Interface().(valueInterface); ok && vi.node != nil && vi.node.typ == t {
		nd = vi.node
	}
	out := reflect.New(a.Type()).Elem()
	set := func(x reflect.Value) (reflect.Value, bool) {
		if !x.IsValid() || !x.Type().AssignableTo(a.Type()) {
			return a, false
		}
		out.Set(x)
		return out, true
	}
	if t.cat == valueT || isInterface(t) {
		return set(v)
	}
	if m, _ := t.lookupMethod("LogValue"); m != nil {
		if lv := logValuerType(nd, t); lv != nil {
			return set(interfaceWrapper(nd, lv)(f, v))
		}
	}
	if m, _ := t.lookupMethod("Error"); m != nil {
		return set(interfaceWrapper(nd, errorType)(f, v))
	}
	if m, _ := t.lookupMethod("String"); m != nil && v.CanInterface() {
		w := interfaceWrapper(nd, fmtStringerType)(f, v)
		if s, ok := w.Interface().(fmt.Stringer); ok {
			return set(reflect.ValueOf(slogStringer{v: v.Interface(), s: s}))
		}
	}
	return set(v)
}
