package interp

import "reflect"

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
