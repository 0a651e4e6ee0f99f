package interp

import "reflect"

// culab patch 95: nil passed with ... for a variadic parameter is a nil
// slice of the parameter's type, as in Go: append(s, nil...) is s,
// f(nil...) gives f a nil slice. yaegi's typecheck read the type of nil
// and ended the compilation with a nil dereference.

// typeNilSlice makes n, the untyped nil passed with ... to a function of
// type ftyp, a nil slice of its variadic parameter's type.
func typeNilSlice(n *node, ftyp *itype) {
	if ftyp.cat == valueT {
		n.typ = valueTOf(ftyp.rtype.In(ftyp.rtype.NumIn() - 1))
	} else {
		n.typ = sliceOf(ftyp.in(ftyp.numIn() - 1).val)
	}
	n.rval = reflect.Zero(n.typ.TypeOf())
}

// isNilSlice reports whether v, a value cfg knows, is a nil slice.
func isNilSlice(v reflect.Value) bool {
	return v.IsValid() && v.Kind() == reflect.Slice && v.IsNil()
}

// appendNil sets the exec of n, append(s, nil...): _append, which does
// not look at the ellipsis, appended nil as an element.
func appendNil(n *node) {
	dest := genValueOutput(n, n.typ.rtype)
	value := genValue(n.child[1])
	next := getExec(n.tnext)
	n.exec = func(f *frame) bltn {
		dest(f).Set(value(f))
		return next
	}
}
