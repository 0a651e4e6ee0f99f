package interp

import (
	"reflect"
	"strings"
)

// culab patch 97: encoding/json and encoding/xml call the MarshalJSON,
// UnmarshalJSON, MarshalText... methods of the values they encode and
// decode, through reflect; the reflect type of a cell type has no
// methods (reflect cannot make them), so such a method of a cell type is
// never called: json.Marshal wrote a Celsius field with a MarshalJSON
// method as a bare number, a silent wrong answer. Where the static type
// of the value given to them is a cell type that has, or holds (in a
// field, an element, a pointer) a cell type that has, one of these
// methods, the call is now a compile error that says so. A value held in
// an interface is not seen (see difftest known_failures.txt). So are
// such methods promoted from an embedded field of a compiled type
// (time.Time's): reflect.StructOf does not promote methods.

// codecCall describes a function or method of a compiled codec: which
// argument it encodes or decodes into, and which methods of its types it
// would call.
type codecCall struct {
	arg     int
	methods []string
}

var (
	jsonMarshalers   = []string{"MarshalJSON", "MarshalText"}
	jsonUnmarshalers = []string{"UnmarshalJSON", "UnmarshalText"}
	xmlMarshalers    = []string{"MarshalXML", "MarshalXMLAttr", "MarshalText"}
	xmlUnmarshalers  = []string{"UnmarshalXML", "UnmarshalXMLAttr", "UnmarshalText"}
)

// codecCalls are keyed by package path and name, or by package path,
// receiver type name and method name.
var codecCalls = map[string]codecCall{
	"encoding/json.Marshal":        {0, jsonMarshalers},
	"encoding/json.MarshalIndent":  {0, jsonMarshalers},
	"encoding/json.Unmarshal":      {1, jsonUnmarshalers},
	"encoding/json.Encoder.Encode": {0, jsonMarshalers},
	"encoding/json.Decoder.Decode": {0, jsonUnmarshalers},
	"encoding/xml.Marshal":         {0, xmlMarshalers},
	"encoding/xml.MarshalIndent":   {0, xmlMarshalers},
	"encoding/xml.Unmarshal":       {1, xmlUnmarshalers},
	"encoding/xml.Encoder.Encode":  {0, xmlMarshalers},
	"encoding/xml.Decoder.Decode":  {0, xmlUnmarshalers},
}

// checkCodecMethods returns a compile error for n, a call of a compiled
// function, where it is a codec's call given a value whose cell types
// have methods the codec would call.
func checkCodecMethods(n *node) error {
	c0 := n.child[0]
	if c0.kind != selectorExpr || len(c0.child) < 2 || c0.child[0].typ == nil {
		return nil
	}
	recv, pkg, key := c0.child[0].typ, "", ""
	switch {
	case recv.cat == binPkgT:
		pkg = recv.path
		key = pkg + "." + c0.child[1].ident
	case recv.cat == valueT && recv.rtype != nil:
		t := recv.rtype
		if t.Kind() == reflect.Ptr {
			t = t.Elem()
		}
		pkg = t.PkgPath()
		key = pkg + "." + t.Name() + "." + c0.child[1].ident
	}
	call, ok := codecCalls[key]
	if !ok || call.arg+1 >= len(n.child) {
		return nil
	}
	if call.methods[0] == jsonMarshalers[0] || call.methods[0] == xmlMarshalers[0] {
		guardCodecArgs(n, key) // culab patch 105
	}
	t, method := typeWithMethod(n.child[call.arg+1].typ, call.methods, map[*itype]bool{})
	if t == nil {
		return nil
	}
	return n.cfgErrorf("%s would not call the %s method of %s: %s sees the values of cell types through reflect, which cannot give them methods; %s methods are not supported in a cell", key, method, t.id(), pkg, method)
}

// promotedCompiledMethod returns the name of one of the methods names
// that f, an embedded field of a compiled type, promotes to its struct
// (time.Time's MarshalJSON to struct{ time.Time; Name string }), "" if
// none: the struct's reflect type, made by reflect.StructOf, lacks it.
func promotedCompiledMethod(f structField, names []string) string {
	if !f.embed || f.typ == nil || f.typ.cat != valueT || f.typ.rtype == nil {
		return ""
	}
	for _, name := range names {
		if _, ok := reflect.PointerTo(f.typ.rtype).MethodByName(name); ok {
			return name
		}
	}
	return ""
}

// typeWithMethod returns t or a cell type t holds that has one of the
// methods names, and the method's name.
func typeWithMethod(t *itype, names []string, seen map[*itype]bool) (*itype, string) {
	if t == nil || seen[t] || t.cat == valueT || isInterface(t) {
		return nil, ""
	}
	seen[t] = true
	for _, name := range names {
		if m, _ := t.lookupMethod(name); m != nil {
			return t, name
		}
	}
	switch t.cat {
	case ptrT, sliceT, arrayT, linkedT, variadicT:
		return typeWithMethod(t.val, names, seen)
	case mapT:
		if k, name := typeWithMethod(t.key, names, seen); k != nil {
			return k, name
		}
		return typeWithMethod(t.val, names, seen)
	case structT:
		for _, f := range t.field {
			if name := promotedCompiledMethod(f, names); name != "" {
				return t, name
			}
			if ft, name := typeWithMethod(f.typ, names, seen); ft != nil {
				return ft, name
			}
		}
	}
	return nil, ""
}

// culab patch 105: a value of a cell type with methods held in an
// interface reaches compiled code as the interpreter's wrapper (a
// valueInterface), of which encoding/json and encoding/xml see no field:
// json.Marshal(any(ID(3))) wrote {}, a silent wrong answer (difftest
// json_any_cell_method). cfg cannot see such a value (its static type is
// an interface), so the codec's functions that a cell calls check their
// arguments when called, and panic where they hold one, unless its value
// is a struct without exported fields, which they would encode as {} too.

// guardCodecArgs gives n, a call of a codec's function of codecCalls,
// that function wrapped by a check of its arguments.
func guardCodecArgs(n *node, key string) {
	c0 := n.child[0]
	fn := c0.rval
	if !fn.IsValid() || fn.Kind() != reflect.Func || fn.Type().IsVariadic() {
		return
	}
	c0.rval = reflect.MakeFunc(fn.Type(), func(in []reflect.Value) []reflect.Value {
		for _, a := range in {
			if t := wrappedCellValue(a, map[codecSeen]bool{}); t != "" {
				panic(key + " was given a value of type " + t + " in an interface: it would see the interpreter's wrapper, not the value (methods of cell types are not visible to compiled code through an interface); values of cell types with methods held in an interface are not supported by " + key[:strings.LastIndexByte(key, '.')] + " in a cell")
			}
		}
		return fn.Call(in)
	})
}

// wrappedCellValue returns the name of the type of a value of a cell type
// held in v through the interpreter's wrapper, "" if none.
// codecSeen is a pointer, slice or map that wrappedCellValue has walked
// (culab patch 122: slices and maps too, with their length: a value that
// holds itself, x[0] = x with x a []any, was walked without end, a fatal
// stack overflow).
type codecSeen struct {
	p    uintptr
	n    int
	kind reflect.Kind
}

func wrappedCellValue(v reflect.Value, seen map[codecSeen]bool) string {
	if !v.IsValid() {
		return ""
	}
	if v.Type() == valueInterfaceType {
		w := v.Interface().(valueInterface)
		if encodedEmpty(w.value) || w.node == nil || w.node.typ == nil {
			return ""
		}
		return goTypeName(w.node.typ)
	}
	switch v.Kind() {
	case reflect.Interface:
		return wrappedCellValue(v.Elem(), seen)
	case reflect.Ptr:
		if v.IsNil() || seen[codecSeen{v.Pointer(), 0, reflect.Ptr}] {
			return ""
		}
		seen[codecSeen{v.Pointer(), 0, reflect.Ptr}] = true
		return wrappedCellValue(v.Elem(), seen)
	case reflect.Struct:
		for i := 0; i < v.NumField(); i++ {
			if t := wrappedCellValue(v.Field(i), seen); t != "" {
				return t
			}
		}
	case reflect.Slice, reflect.Array:
		if v.Kind() == reflect.Slice && v.Type().Elem().Kind() == reflect.Uint8 {
			return ""
		}
		if v.Kind() == reflect.Slice {
			k := codecSeen{v.Pointer(), v.Len(), reflect.Slice}
			if seen[k] {
				return ""
			}
			seen[k] = true
		}
		for i := 0; i < v.Len(); i++ {
			if t := wrappedCellValue(v.Index(i), seen); t != "" {
				return t
			}
		}
	case reflect.Map:
		k := codecSeen{v.Pointer(), 0, reflect.Map}
		if seen[k] {
			return ""
		}
		seen[k] = true
		it := v.MapRange()
		for it.Next() {
			if t := wrappedCellValue(it.Value(), seen); t != "" {
				return t
			}
		}
	}
	return ""
}

// encodedEmpty reports whether v is a struct without exported fields,
// which a codec encodes as an empty object, as it does the wrapper.
func encodedEmpty(v reflect.Value) bool {
	if !v.IsValid() || v.Kind() != reflect.Struct {
		return false
	}
	for i := 0; i < v.NumField(); i++ {
		if v.Type().Field(i).IsExported() && v.Type().Field(i).Tag.Get("json") != "-" {
			return false
		}
	}
	return true
}
