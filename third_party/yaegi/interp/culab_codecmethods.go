package interp

import (
	"encoding/json"
	"encoding/xml"
	"fmt"
	"reflect"
	"strings"
	"sync"
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
	key, pkg, call, ok := codecCallOf(n)
	if !ok {
		return nil
	}
	if call.methods[0] == jsonMarshalers[0] || call.methods[0] == xmlMarshalers[0] {
		guardCodecArgs(n, key, call) // culab patch 105
	} else if call.methods[0] == jsonUnmarshalers[0] {
		nameJSONErrors(n, n.child[call.arg+1].typ) // culab patch 117
	}
	t, method := typeWithMethod(n.child[call.arg+1].typ, call.methods, map[*itype]bool{})
	if t == nil {
		return nil
	}
	return n.cfgErrorf("%s would not call the %s method of %s: %s sees the values of cell types through reflect, which cannot give them methods; %s methods are not supported in a cell", key, method, t.id(), pkg, method)
}

// codecCallOf is the codec's call that n, a call of a compiled function
// or method, is: its key in codecCalls and its package; ok is false for
// another call.
func codecCallOf(n *node) (key, pkg string, call codecCall, ok bool) {
	c0 := n.child[0]
	if c0.kind != selectorExpr || len(c0.child) < 2 || c0.child[0].typ == nil {
		return "", "", codecCall{}, false
	}
	recv := c0.child[0].typ
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
	call, ok = codecCalls[key]
	if !ok || call.arg+1 >= len(n.child) {
		return "", "", codecCall{}, false
	}
	return key, pkg, call, true
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
// Patch 112 unwraps them for json instead, and checks Encoder.Encode too.

// guardCodecArgs gives n, a call of a codec's function of codecCalls,
// that function wrapped by codecArgs. A codec's method (Encoder.Encode)
// is bound when called: codecGuard wraps it then (patch 112).
func guardCodecArgs(n *node, key string, call codecCall) {
	c0 := n.child[0]
	fn := c0.rval
	if !fn.IsValid() || fn.Kind() != reflect.Func || fn.Type().IsVariadic() {
		return
	}
	c0.rval = guardedCodecFunc(fn, key, call, xmlRootName(key, n.child[call.arg+1].typ))
}

// guardedCodecFunc is fn, a codec's function or bound method, called with
// its arguments through codecArgs.
func guardedCodecFunc(fn reflect.Value, key string, call codecCall, xmlRoot string) reflect.Value {
	return reflect.MakeFunc(fn.Type(), func(in []reflect.Value) []reflect.Value {
		if xmlRoot != "" && call.arg < len(in) {
			in[call.arg] = xmlNamed(in[call.arg], xmlRoot) // culab patch 116
		}
		return fn.Call(codecArgs(key, call, in))
	})
}

// codecGuard returns value, the function of n, a call of a compiled
// method, wrapped by codecArgs when it is a codec's encoding method (culab
// patch 112: json.NewEncoder(w).Encode(v) wrote {} for a value of a cell
// type with methods held in an interface, which json.Marshal refused).
func codecGuard(n *node, value func(*frame) reflect.Value) func(*frame) reflect.Value {
	key, _, call, ok := codecCallOf(n)
	if !ok || n.child[0].rval.IsValid() || (call.methods[0] != jsonMarshalers[0] && call.methods[0] != xmlMarshalers[0]) {
		return value
	}
	root := xmlRootName(key, n.child[call.arg+1].typ)
	return func(f *frame) reflect.Value {
		fn := value(f)
		if !fn.IsValid() || fn.Kind() != reflect.Func || fn.Type().IsVariadic() {
			return fn
		}
		return guardedCodecFunc(fn, key, call, root)
	}
}

// codecArgs checks in, the arguments of the codec's call key, for values
// of cell types held in interfaces through the interpreter's wrapper. For
// encoding/json (culab patch 112) it unwraps them, in copies of what holds
// them, so that json encodes their fields and elements as Go does; one of
// a type with a method json would call (MarshalJSON, MarshalText) panics,
// naming it, as does one it cannot put back. encoding/xml names the types
// of what it encodes, which the unwrapped values lack: it panics (patch
// 105).
func codecArgs(key string, call codecCall, in []reflect.Value) []reflect.Value {
	isJSON := strings.HasPrefix(key, "encoding/json.")
	for i, a := range in {
		if !isJSON {
			if t := wrappedCellValue(a, map[codecSeen]bool{}, 0); t != "" {
				panic(wrappedValueMessage(key, t))
			}
			continue
		}
		u := cellUnwrapper{key: key, methods: call.methods, seen: map[codecSeen]bool{}}
		if v, changed := u.unwrap(a); changed {
			in[i] = v
		}
	}
	return in
}

// wrappedValueMessage is the panic of a codec given a value of a cell
// type, of the type named t, that it would see as the wrapper.
func wrappedValueMessage(key, t string) string {
	return key + " was given a value of type " + t + " in an interface: it would see the interpreter's wrapper, not the value (methods of cell types are not visible to compiled code through an interface); values of cell types with methods held in an interface are not supported by " + key[:strings.LastIndexByte(key, '.')] + " in a cell"
}

// cellUnwrapper replaces the interpreter's wrappers of cell values with
// the values, for encoding/json.
type cellUnwrapper struct {
	key     string
	methods []string
	seen    map[codecSeen]bool // pointers, slices and maps followed
	depth   int                // of the value unwrap is given, in the argument
}

// unwrap returns v with the wrappers it holds replaced by their values,
// and whether there were any; v itself is not changed: what holds one is
// copied. The value returned has v's type, but for a wrapper itself.
func (u cellUnwrapper) unwrap(v reflect.Value) (reflect.Value, bool) {
	if v.Kind() != reflect.Interface { // a level of the value, not of its holder
		u.depth++ // u is this call's copy: the calls it makes see one level more
		tooDeepForCodec(u.depth)
	}
	if !v.IsValid() {
		return v, false
	}
	if k := v.Kind(); v.Type() != valueInterfaceType && (k == reflect.Struct || k == reflect.Ptr || k == reflect.Slice || k == reflect.Array || k == reflect.Map) {
		// culab patch 137: places of cell interface types made anys.
		if rt := retypedFor(v.Type()); rt != nil && rt != v.Type() {
			x, _ := u.unwrap(retypeValue(v, rt, map[uintptr]reflect.Value{}))
			return x, true
		}
	}
	if v.Type() == valueInterfaceType {
		w := v.Interface().(valueInterface)
		if w.node != nil && w.node.typ != nil {
			if t, method := typeWithMethod(w.node.typ, u.methods, map[*itype]bool{}); t != nil {
				panic(fmt.Sprintf("%s would not call the %s method of %s: %s sees the values of cell types through reflect, which cannot give them methods; %s methods are not supported in a cell",
					u.key, method, goTypeName(t), u.key[:strings.LastIndexByte(u.key, '.')], method))
			}
		}
		inner, _ := u.unwrap(w.value)
		return inner, true
	}
	// put is x, v's part, converted back for its place of type t.
	put := func(x reflect.Value, t reflect.Type) reflect.Value {
		if !x.IsValid() {
			return reflect.Zero(t)
		}
		if !x.Type().AssignableTo(t) {
			name := x.Type().String()
			if v.Type() == valueInterfaceType {
				name = goTypeName(v.Interface().(valueInterface).node.typ)
			}
			panic(wrappedValueMessage(u.key, name))
		}
		return x
	}
	switch v.Kind() {
	case reflect.Interface:
		if v.IsNil() {
			return v, false
		}
		x, changed := u.unwrap(v.Elem())
		if !changed {
			return v, false
		}
		if x.IsValid() && !x.Type().AssignableTo(v.Type()) {
			panic(wrappedValueMessage(u.key, goTypeName(v.Elem().Interface().(valueInterface).node.typ)))
		}
		nv := reflect.New(v.Type()).Elem()
		if x.IsValid() {
			nv.Set(x)
		}
		return nv, true
	case reflect.Ptr:
		k := codecSeen{v.Pointer(), 0, reflect.Ptr}
		if v.IsNil() || u.seen[k] {
			return v, false // a cycle: json reports it
		}
		u.seen[k] = true
		x, changed := u.unwrap(v.Elem())
		delete(u.seen, k)
		if !changed {
			return v, false
		}
		np := reflect.New(v.Type().Elem())
		np.Elem().Set(put(x, v.Type().Elem()))
		return np, true
	case reflect.Struct:
		var nv reflect.Value
		for i := 0; i < v.NumField(); i++ {
			if !v.Type().Field(i).IsExported() {
				continue // json encodes only exported fields
			}
			x, changed := u.unwrap(v.Field(i))
			if !changed {
				continue
			}
			if !nv.IsValid() {
				nv = reflect.New(v.Type()).Elem()
				nv.Set(v)
			}
			nv.Field(i).Set(put(x, v.Type().Field(i).Type))
		}
		if !nv.IsValid() {
			return v, false
		}
		return nv, true
	case reflect.Slice, reflect.Array:
		if v.Kind() == reflect.Slice && (v.IsNil() || v.Type().Elem().Kind() == reflect.Uint8) {
			return v, false
		}
		if v.Kind() == reflect.Slice {
			k := codecSeen{v.Pointer(), v.Len(), reflect.Slice}
			if u.seen[k] {
				return v, false // a cycle (x[0] = x): json reports it
			}
			u.seen[k] = true
			defer delete(u.seen, k)
		}
		var nv reflect.Value
		for i := 0; i < v.Len(); i++ {
			x, changed := u.unwrap(v.Index(i))
			if !changed {
				continue
			}
			if !nv.IsValid() {
				if v.Kind() == reflect.Slice {
					nv = reflect.MakeSlice(v.Type(), v.Len(), v.Len())
					reflect.Copy(nv, v)
				} else {
					nv = reflect.New(v.Type()).Elem()
					nv.Set(v)
				}
			}
			nv.Index(i).Set(put(x, v.Type().Elem()))
		}
		if !nv.IsValid() {
			return v, false
		}
		return nv, true
	case reflect.Map:
		k := codecSeen{v.Pointer(), 0, reflect.Map}
		if v.IsNil() || u.seen[k] {
			return v, false // a cycle: json reports it
		}
		u.seen[k] = true
		defer delete(u.seen, k)
		var nv reflect.Value
		changedKeys := map[int]reflect.Value{}
		keys := mapKeys(v)
		for i, k := range keys {
			if x, changed := u.unwrap(mapGet(v, k)); changed {
				changedKeys[i] = put(x, v.Type().Elem())
			}
		}
		if len(changedKeys) == 0 {
			return v, false
		}
		nv = reflect.MakeMapWithSize(v.Type(), v.Len())
		for i, k := range keys {
			x, ok := changedKeys[i]
			if !ok {
				x = mapGet(v, k)
			}
			mapSet(nv, k, x)
		}
		return nv, true
	}
	return v, false
}

// codecSeen is a pointer, slice or map that wrappedCellValue or
// cellUnwrapper has walked (culab patch 122: slices and maps too, with
// their length: a value that holds itself, x[0] = x with x a []any, was
// walked without end, a fatal stack overflow).
type codecSeen struct {
	p    uintptr
	n    int
	kind reflect.Kind
}

// wrappedCellValue returns the name of the type of a value of a cell type
// held in v through the interpreter's wrapper, "" if none.
func wrappedCellValue(v reflect.Value, seen map[codecSeen]bool, depth int) string {
	tooDeepForCodec(depth) // culab patch 145: levels of the value, not of its holders
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
		return wrappedCellValue(v.Elem(), seen, depth)
	case reflect.Ptr:
		if v.IsNil() || seen[codecSeen{v.Pointer(), 0, reflect.Ptr}] {
			return ""
		}
		seen[codecSeen{v.Pointer(), 0, reflect.Ptr}] = true
		return wrappedCellValue(v.Elem(), seen, depth+1)
	case reflect.Struct:
		for i := 0; i < v.NumField(); i++ {
			if t := wrappedCellValue(v.Field(i), seen, depth+1); t != "" {
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
			if t := wrappedCellValue(v.Index(i), seen, depth+1); t != "" {
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
		for {
			_, e, ok := mapNext(it, true)
			if !ok {
				break
			}
			if t := wrappedCellValue(e, seen, depth+1); t != "" {
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

// culab patch 116: encoding/xml names the element of a value it encodes
// at the root, without an XMLName field, by its type's name, which
// reflect's Name() gives empty for a cell struct type (made by
// reflect.StructOf): xml.Marshal(address{...}) failed with "xml:
// unsupported type: struct {...}" where Go writes <address ...>. Where the
// static type of the value given to xml.Marshal, MarshalIndent or an
// Encoder's Encode is such a type (behind pointers, or the element type
// of a slice or an array), the value is given as a copy of a struct type
// with an XMLName field first, tagged with the cell type's name.

// xmlRootName is the element name that encoding/xml, the codec of key,
// cannot find for a value of static type t at the root: the name of a
// cell struct type without an XMLName field, "" otherwise.
func xmlRootName(key string, t *itype) string {
	if !strings.HasPrefix(key, "encoding/xml.") {
		return ""
	}
	for i := 0; t != nil && i < 8; i++ {
		switch t.cat {
		case ptrT, sliceT, arrayT:
			t = t.val
			continue
		case structT:
			if t.name == "" || t.lookupField("XMLName") != nil {
				return ""
			}
			return t.name
		}
		return ""
	}
	return ""
}

// xmlNamedTypes are the struct types made by xmlNamedType.
var xmlNamedTypes sync.Map // xmlNamedKey → reflect.Type

type xmlNamedKey struct {
	t    reflect.Type
	name string
}

// xmlNamedType is struct type t with an XMLName field first, tagged name.
func xmlNamedType(t reflect.Type, name string) reflect.Type {
	key := xmlNamedKey{t, name}
	if nt, ok := xmlNamedTypes.Load(key); ok {
		return nt.(reflect.Type)
	}
	fields := []reflect.StructField{{Name: "XMLName", Type: reflect.TypeOf(xml.Name{}), Tag: reflect.StructTag(`xml:"` + name + `"`)}}
	for i := 0; i < t.NumField(); i++ {
		f := t.Field(i)
		f.Index, f.Offset = nil, 0
		fields = append(fields, f)
	}
	nt := reflect.StructOf(fields)
	xmlNamedTypes.Store(key, nt)
	return nt
}

// xmlNamed returns v, an argument for encoding/xml, with the struct it
// holds (behind an interface or pointers, or as the elements of a slice
// or an array) copied into xmlNamedType's struct, named name.
func xmlNamed(v reflect.Value, name string) reflect.Value {
	e := v
	for e.Kind() == reflect.Interface || e.Kind() == reflect.Ptr {
		if e.IsNil() {
			return v
		}
		e = e.Elem()
	}
	named := func(s reflect.Value) reflect.Value {
		nv := reflect.New(xmlNamedType(s.Type(), name))
		for i := 0; i < s.NumField(); i++ {
			nv.Elem().Field(i + 1).Set(s.Field(i))
		}
		return nv
	}
	switch e.Kind() {
	case reflect.Struct:
		return named(e)
	case reflect.Slice, reflect.Array:
		et := e.Type().Elem()
		for et.Kind() == reflect.Ptr {
			et = et.Elem()
		}
		if et.Kind() != reflect.Struct {
			return v
		}
		// Pointers, so that a nil one stays nil: xml skips it.
		out := reflect.MakeSlice(reflect.SliceOf(reflect.PointerTo(xmlNamedType(et, name))), e.Len(), e.Len())
		for i := 0; i < e.Len(); i++ {
			x := e.Index(i)
			for x.Kind() == reflect.Ptr && !x.IsNil() {
				x = x.Elem()
			}
			if x.Kind() == reflect.Struct {
				out.Index(i).Set(named(x))
			}
		}
		return out
	}
	return v
}

// culab patch 117: json's error for a value of the wrong type names the
// struct type whose field it is, by reflect's Name(), which is empty for
// a cell struct type: "Go struct field .sensor" where Go says
// "Reading.sensor". json.Unmarshal and (*json.Decoder).Decode, given a
// value of a cell type, now fill in the name, found by following the
// error's field path through the static type of the value.

// nameJSONErrors wraps the function of n, a call of json.Unmarshal (a
// function, at compile time) or of a Decoder's Decode (a method bound
// when called: jsonErrorGuard, from callBin), so that it names the cell
// struct type in its errors; t is the static type of what it decodes into.
func nameJSONErrors(n *node, t *itype) {
	c0 := n.child[0]
	if fn := c0.rval; fn.IsValid() && fn.Kind() == reflect.Func {
		c0.rval = jsonErrorNamer(fn, t)
	}
}

// jsonErrorGuard returns value, the function of n, a call of a compiled
// method, wrapped by jsonErrorNamer where it is a Decoder's Decode.
func jsonErrorGuard(n *node, value func(*frame) reflect.Value) func(*frame) reflect.Value {
	key, _, call, ok := codecCallOf(n)
	if !ok || n.child[0].rval.IsValid() || key != "encoding/json.Decoder.Decode" {
		return value
	}
	t := n.child[call.arg+1].typ
	return func(f *frame) reflect.Value {
		fn := value(f)
		if !fn.IsValid() || fn.Kind() != reflect.Func {
			return fn
		}
		return jsonErrorNamer(fn, t)
	}
}

// jsonErrorNamer is fn whose *json.UnmarshalTypeError result, when it
// names no struct type, names the cell type of t that holds the field.
func jsonErrorNamer(fn reflect.Value, t *itype) reflect.Value {
	return reflect.MakeFunc(fn.Type(), func(in []reflect.Value) []reflect.Value {
		var out []reflect.Value
		if fn.Type().IsVariadic() {
			out = fn.CallSlice(in)
		} else {
			out = fn.Call(in)
		}
		if len(out) == 0 {
			return out
		}
		last := out[len(out)-1]
		if last.Kind() != reflect.Interface || last.IsNil() {
			return out
		}
		if e, ok := last.Interface().(*json.UnmarshalTypeError); ok && e.Struct == "" && e.Field != "" {
			path := strings.Split(e.Field, ".")
			if e.Struct = jsonFieldOwner(t, path); e.Struct != "" {
				e.Field = strings.Join(path, ".")
			}
		}
		return out
	})
}

// jsonFieldOwner is the name of the struct type that json names in an
// error at path, its field path (json names, and the Go names of the
// embedded structs it went through) from a value of type t: the struct
// whose fields json was decoding, "" where it is not found. The name of
// an embedded cell type that reflect has as exported (Xbase for base) is
// put back in path.
func jsonFieldOwner(t *itype, path []string) string {
	owner := ""
	var outer *itype // the struct json decodes, while in its embedded fields
	for i, el := range path {
		for t != nil && (t.cat == ptrT || t.cat == sliceT || t.cat == arrayT || t.cat == mapT) {
			t = t.val
		}
		if t == nil || t.cat != structT {
			return ""
		}
		var next *itype
		embedded := false
		for _, f := range t.field {
			tag, _, _ := strings.Cut(reflect.StructTag(f.tag).Get("json"), ",")
			switch {
			case tag == "-":
			case f.embed && tag == "" && (f.name == el || exportName(f.name) == el):
				next, embedded = f.typ, true
				path[i] = f.name
			case tag == el || tag == "" && f.name == el && canExport(f.name):
				next = f.typ
			}
			if next != nil {
				break
			}
		}
		if next == nil {
			return ""
		}
		switch {
		case embedded:
			if outer == nil {
				outer = t
			}
		case outer != nil:
			owner, outer = outer.name, nil
		default:
			owner = t.name
		}
		t = next
	}
	return owner
}

// tooDeepForCodec panics past maxPrintDepth levels of a codec's argument
// (culab patch 145): the walk above recursed without a bound, and a value
// nested three million deep ([]any{[]any{...}}, built in a loop) ended
// the process with Go's fatal stack overflow, as the codec's own
// recursion would have next.
func tooDeepForCodec(depth int) {
	if depth > maxPrintDepth {
		panic(&StackOverflow{Depth: maxPrintDepth, Func: "a codec (encoding/json, gob, xml), encoding a value nested that deep (does it hold itself?)"})
	}
}
