package interp

// culab patch 82: the conversion of a constant to a numeric type that
// cannot represent it is a compile error, with Go's message. A typed
// constant (int(celsius(-7.9)), int64(float32(1.5)), int8(int(200)))
// was converted at run time's rules, truncated or wrapped (-7, 1, -56),
// a silent wrong answer; an untyped one (int(-7.9), uint8(300)) was
// refused as "cannot convert expression of type untyped float to type
// int".

import (
	"fmt"
	"go/constant"
	"reflect"
)

// typedConstValue returns the value of the typed numeric constant v as a
// constant.Value, or nil.
func typedConstValue(v reflect.Value) constant.Value {
	if !v.IsValid() {
		return nil
	}
	if c, ok := v.Interface().(constant.Value); ok {
		return c
	}
	switch v.Kind() {
	case reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64:
		return constant.MakeInt64(v.Int())
	case reflect.Uint, reflect.Uint8, reflect.Uint16, reflect.Uint32, reflect.Uint64, reflect.Uintptr:
		return constant.MakeUint64(v.Uint())
	case reflect.Float32, reflect.Float64:
		return constant.MakeFloat64(v.Float())
	}
	return nil
}

// checkConstConversion returns the error of converting the constant n,
// of value c, to the numeric type typ, or nil where typ represents it.
func checkConstConversion(n *node, c constant.Value, typ *itype) error {
	if c == nil || n.typ == nil || typ == nil {
		return nil
	}
	from, to := n.typ.TypeOf(), typ.TypeOf()
	if !isNumber(from) || !isNumber(to) || isComplex(to) || representableConst(c, to) {
		return nil
	}
	tname := typ.name
	if tname == "" {
		tname = typ.id()
	}
	if c.Kind() == constant.Int && isInt(to) {
		return n.cfgErrorf("constant %s overflows %s", c, tname)
	}
	text := exprText(n)
	var desc string
	switch {
	case n.typ.untyped:
		desc = n.typ.id() + " constant"
		if text != c.String() {
			desc += " " + c.String()
		}
	case n.typ.path != "":
		desc = fmt.Sprintf("constant %s of %s type %s", c, from.Kind(), n.typ.name)
	default:
		desc = fmt.Sprintf("constant %s of type %s", c, n.typ.id())
	}
	return n.cfgErrorf("cannot convert %s (%s) to type %s", text, desc, tname)
}
