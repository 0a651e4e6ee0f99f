package interp

import "reflect"

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
