package interp

// culab patch 20 (see PATCHES.md at the module's root): fmt prints values
// of interpreted types as Go prints them.
//
// A value of an interpreted type reaches compiled code without its type:
// a named type is its underlying type, a struct is a reflect.StructOf
// type with its unexported fields renamed ("Xname"), without methods, and
// a value in an interface is an interp.valueInterface. fmt then printed
// the underlying value, the wrappers, and the renamed fields. The
// arguments of fmt's and log's printing functions that may hold such a
// value are passed as a *cellValue instead, a fmt.Formatter that prints
// the value as fmt would print it in a compiled program, with its
// interpreted type: the methods Format, GoString, Error and String where
// fmt calls them, type names for %#v, field names for %+v. A %T of such
// an argument is given the type's name. See culab_fmtprint.go.

import (
	"fmt"
	"reflect"
	"sort"
	"strconv"
	"strings"
	"sync"
)

// isPrintFunc reports whether fn prints its variadic arguments with
// fmt's rules: fmt's and log's printing functions, which are those that
// the interpreter gives its wrappers of fmt.Formatter and fmt.Stringer
// (stdlib's MapTypes, the virtualized ones of fixStdlib included).
func isPrintFunc(interp *Interpreter, fn reflect.Value) bool {
	mt := interp.mapTypes[fn]
	// fmt.Errorf's list has error too (patch 27), between the two.
	return len(mt) >= 2 && mt[0] == formatterType && mt[len(mt)-1] == stringerType && fn.Type().IsVariadic()
}

// formatPos returns the position of the format argument of a printing
// function of type ft, -1 where it has none: the string parameter before
// the variadic ones.
func formatPos(ft reflect.Type) int {
	if i := ft.NumIn() - 2; i >= 0 && ft.In(i).Kind() == reflect.String {
		return i
	}
	return -1
}

// printCallArgs returns, for a call n of a printing function (isPrintFunc)
// of which an argument may hold values of interpreted types, the argument
// values to pass instead of callBin's, values, and the function to call
// instead (printCallee). It returns nil and no function for other calls.
func printCallArgs(n *node, values []func(*frame) reflect.Value) ([]func(*frame) reflect.Value, reflect.Value) {
	c0 := n.child[0]
	if c0.recv != nil || !c0.rval.IsValid() || c0.rval.Kind() != reflect.Func {
		return nil, reflect.Value{}
	}
	if !isPrintFunc(n.interp, c0.rval) {
		return nil, reflect.Value{}
	}
	first := c0.rval.Type().NumIn() - 1 // the variadic arguments
	types := argTypes(n)
	if len(types) != len(values) || len(values) < first {
		return nil, reflect.Value{}
	}
	out := append([]func(*frame) reflect.Value(nil), values...)
	special := false
	if n.action == aCallSlice {
		// f(args...): the slice's elements are printed.
		if len(values) != first+1 {
			return nil, reflect.Value{}
		}
		out[first] = printSliceArg(n.interp, values[first])
		special = true
	} else {
		fp := formatPos(c0.rval.Type())
		for i := first; i < len(values); i++ {
			if types[i] != nil && needsCellValue(types[i]) && (fp >= 0 || !n.interp.plainV(types[i], false)) {
				out[i] = cellArg(n.interp, values[i], rawArgValue(n, i), types[i], n.anc.kind == deferStmt || n.anc.kind == goStmt)
				special = true
			}
		}
	}
	if !special {
		return nil, reflect.Value{} // nothing printed differently: no cost
	}
	return out, printCallee(c0.rval, formatPos(c0.rval.Type()))
}

// cellArg returns an argument of a printing function as fmt should get it:
// value is what callBin passes, raw the interpreter's value, t its static
// type.
func cellArg(in *Interpreter, value, raw func(*frame) reflect.Value, t *itype, deferred bool) func(*frame) reflect.Value {
	switch {
	case deferred:
		// The arguments of a deferred call or a go statement are those
		// of the statement's moment (patch 15).
		return func(f *frame) reflect.Value {
			return newCellValue(in, f, raw(f), t, origArg{value: argValue(value(f))})
		}
	case isEmptyInterface(t):
		// callBin passes the value as it is (the cost of a print of an
		// any holding a plain value is that of fmt.Print).
		return func(f *frame) reflect.Value {
			v := raw(f)
			return newCellValue(in, f, v, t, origArg{value: v})
		}
	}
	return func(f *frame) reflect.Value {
		return newCellValue(in, f, raw(f), t, origArg{gen: value})
	}
}

// origArg is an argument of a printing function as the interpreter
// passes it: value, or what gen makes of the frame.
type origArg struct {
	value reflect.Value
	gen   func(*frame) reflect.Value
}

func (o origArg) get(f *frame) reflect.Value {
	if o.gen != nil {
		return o.gen(f)
	}
	return o.value
}

// argTypes returns the static types of callBin's argument values of call
// n: a call argument with several results gives several values.
func argTypes(n *node) []*itype {
	var ts []*itype
	for _, c := range n.child[1:] {
		switch {
		case isBinCall(c, c.scope):
			// A compiled result holds a value of an interpreted type only
			// in an interface (an error that wraps one).
			rt := c.child[0].typ.rtype
			for j := 0; j < rt.NumOut(); j++ {
				if rt.Out(j).Kind() == reflect.Interface {
					ts = append(ts, valueTOf(rt.Out(j)))
				} else {
					ts = append(ts, nil)
				}
			}
		case isRegularCall(c):
			ts = append(ts, c.child[0].typ.ret...)
		default:
			ts = append(ts, operand(c).typ)
		}
	}
	return ts
}

// operand returns the operand of a conversion c to an interface type
// (error(v), any(v)), whose value has the type that fmt needs, and c
// otherwise.
func operand(c *node) *node {
	if c.action == aConvert && len(c.child) == 2 && c.typ != nil && isInterface(c.typ) && c.child[1].typ != nil {
		return c.child[1]
	}
	return c
}

// rawArgValue returns the interpreter's value of callBin's i-th argument
// value of call n.
func rawArgValue(n *node, i int) func(*frame) reflect.Value {
	k := 0
	for _, c := range n.child[1:] {
		nret := -1
		switch {
		case isBinCall(c, c.scope):
			nret = c.child[0].typ.rtype.NumOut()
		case isRegularCall(c):
			nret = len(c.child[0].typ.ret)
		}
		if nret >= 0 {
			if i < k+nret {
				ind := c.findex + i - k
				return func(f *frame) reflect.Value { return f.data[ind] }
			}
			k += nret
			continue
		}
		if k == i {
			return genValue(operand(c))
		}
		k++
	}
	panic(n.cfgErrorf("internal error: no argument %d", i))
}

// needsCellValue reports whether a value of static type t may print
// differently from what fmt prints of its reflect.Value: t is or holds an
// interpreted named type or an interface.
func needsCellValue(t *itype) bool {
	return typeNeeds(t, map[*itype]bool{})
}

func typeNeeds(t *itype, seen map[*itype]bool) bool {
	if t == nil || seen[t] {
		return false
	}
	seen[t] = true
	switch t.cat {
	case valueT:
		return t.rtype.Kind() == reflect.Interface
	case errorT, interfaceT, genericT:
		return true
	}
	if t.name != "" && t.path != "" {
		return true
	}
	if t.untyped || t.cat == nilT {
		return false
	}
	for _, f := range t.field {
		if typeNeeds(f.typ, seen) {
			return true
		}
	}
	if t.cat == structT {
		return true // field names: the reflect type's are renamed
	}
	for _, a := range t.arg {
		if typeNeeds(a, seen) {
			return true
		}
	}
	for _, r := range t.ret {
		if typeNeeds(r, seen) {
			return true
		}
	}
	return typeNeeds(t.key, seen) || typeNeeds(t.val, seen)
}

// printSliceArg is the slice of f(args...): a copy whose elements are
// printed as cell values.
func printSliceArg(in *Interpreter, value func(*frame) reflect.Value) func(*frame) reflect.Value {
	return func(f *frame) reflect.Value {
		s := value(f)
		if s.Kind() != reflect.Slice || s.Type().Elem() != emptyInterfaceType {
			return s
		}
		out := reflect.MakeSlice(s.Type(), s.Len(), s.Len())
		for i := 0; i < s.Len(); i++ {
			e := s.Index(i)
			out.Index(i).Set(newCellValue(in, f, e, nil, origArg{value: e}))
		}
		return out
	}
}

// cellValue is a value of an interpreted type, or one that holds such
// values, as fmt gets it: it prints as Go prints the value.
type cellValue struct {
	in   *Interpreter
	f    *frame
	v    reflect.Value
	typ  *itype  // nil: v's type is a compiled one
	orig origArg // the argument as the interpreter passes it

	overflow *StackOverflow // of a method called to print it (rethrowOverflow)
}

// newCellValue returns the argument that fmt gets for value v of static
// type t (nil for a compiled type): a *cellValue, or v where fmt prints
// it right. orig is the value that the interpreter passes otherwise.
func newCellValue(in *Interpreter, f *frame, v reflect.Value, t *itype, orig origArg) reflect.Value {
	v, t = in.dynamicValue(v, t)
	if !v.IsValid() {
		return reflect.New(emptyInterfaceType).Elem()
	}
	if t == nil {
		t = in.cellTypeOf(v.Type())
	}
	if t == nil && (!mayHoldCells(v.Type()) || hasFmtMethod(v.Type())) && !isWrapper(v.Type()) {
		// culab patch 135: a wrapper of a cell value in a compiled
		// interface is printed by the printer (printCompiled), which
		// prints the value for the verbs that call no method: fmt
		// printed the wrapper's fields for %d and %#v of a fmt.Stringer
		// holding a cell value ({7 5531168}).
		return orig.get(f)
	}
	// A copy: the variable may change before fmt prints it (a deferred
	// call, a goroutine).
	return reflect.ValueOf(&cellValue{in: in, f: f, v: argValue(v), typ: t, orig: orig})
}

// dynamicValue returns the value held by v of static type t (nil for a
// compiled type) and its type, where t is an interface.
func (in *Interpreter) dynamicValue(v reflect.Value, t *itype) (reflect.Value, *itype) {
	for {
		if t != nil && !in.infoOf(t).iface {
			return v, t
		}
		if v.Kind() == reflect.Interface {
			if v.IsNil() {
				return reflect.Value{}, nil
			}
			if ct := in.anyCellType(v); ct != nil { // culab patch 47
				return v.Elem(), ct
			}
			if ct := in.anyBoxType(v); ct != nil && v.Elem().Kind() != reflect.String { // culab patch 84
				// Not a string: fmt.Print puts no space next to one,
				// and would next to the cellValue that prints it.
				return v.Elem(), ct
			}
			v = v.Elem()
		}
		switch rt := v.Type(); {
		case !v.CanInterface():
			return v, nil // in an unexported field of a compiled type
		case rt == errorWrapperType:
			if e := v.Interface().(_error); e.ICell != nil {
				return e.ICell.value, e.ICell.typ
			}
			return v, nil
		case wrappedNode(v) != nil: // culab patch 27's errors of cell types
			iv, n := v.Interface().(interface{ wrapped() (any, *node) }).wrapped()
			if n.typ == nil || iv == nil {
				return v, nil
			}
			return reflect.ValueOf(iv), n.typ
		case isWrapperStruct(rt) && notedWrapperNode(v) != nil: // culab patch 136
			n := notedWrapperNode(v)
			iv := valueInterfaceValue(v.Field(0))
			if iv.Kind() == reflect.Interface {
				if iv.IsNil() {
					return v, nil
				}
				iv = valueInterfaceValue(iv.Elem())
			}
			return iv, n.typ
		case rt != valueInterfaceType:
			return v, nil
		}
		vi := v.Interface().(valueInterface)
		if vi.node == nil || !vi.value.IsValid() {
			return reflect.Value{}, nil
		}
		v, t = vi.value, vi.node.typ
		if t != nil && t.cat == nilT {
			return reflect.Value{}, nil
		}
	}
}

// holdsCells caches mayHoldCells by type.
var holdsCells sync.Map // reflect.Type → bool

// mayHoldCells reports whether a value of compiled type rt may hold
// values of interpreted types (in interfaces), or is an interpreted
// struct type without its name.
func mayHoldCells(rt reflect.Type) bool {
	if k := rt.Kind(); k <= reflect.Complex128 || k == reflect.String {
		return false
	}
	if b, ok := holdsCells.Load(rt); ok {
		return b.(bool)
	}
	b := rtypeHoldsCells(rt, map[reflect.Type]bool{})
	holdsCells.Store(rt, b)
	return b
}

func rtypeHoldsCells(rt reflect.Type, seen map[reflect.Type]bool) bool {
	if seen[rt] {
		return false
	}
	seen[rt] = true
	switch rt.Kind() {
	case reflect.Interface:
		return true
	case reflect.Struct:
		if rt == valueInterfaceType {
			return true
		}
		if isWrapper(rt) {
			return false
		}
		if rt.Name() == "" {
			return true // a StructOf type: its fields may be renamed
		}
		for i := 0; i < rt.NumField(); i++ {
			if rtypeHoldsCells(rt.Field(i).Type, seen) {
				return true
			}
		}
	case reflect.Array, reflect.Slice, reflect.Ptr:
		return rtypeHoldsCells(rt.Elem(), seen)
	case reflect.Map:
		return rtypeHoldsCells(rt.Key(), seen) || rtypeHoldsCells(rt.Elem(), seen)
	}
	return false
}

// isWrapper reports whether rt is the interpreter's wrapper of a value
// that implements a compiled interface (a struct whose field IValue
// holds the value, whose other fields are the methods).
func isWrapper(rt reflect.Type) bool {
	return rt.Kind() == reflect.Struct && rt.NumField() > 0 && rt.Field(0).Name == "IValue" && rt.NumMethod() > 0
}

// Format prints the value as fmt prints it in a compiled program.
func (c *cellValue) Format(st fmt.State, verb rune) {
	if verb == 'v' && c.typ != nil && !st.Flag('#') && c.in.plainV(c.typ, st.Flag('+')) {
		fmt.Fprintf(st, directive(st, verb, "-+ 0"), c.v.Interface())
		return
	}
	p := newPrinter(c, st, verb)
	defer func() {
		// culab patch 42: a value that holds itself (x[0] = x with x a
		// []any) is printed without end, as by Go's fmt, whose stack
		// overflow ends the process; here it ends the printing call with
		// a *StackOverflow, as a String method's would.
		if r := recover(); r != nil {
			if _, ok := r.(tooDeep); !ok {
				panic(r)
			}
			c.overflow = &StackOverflow{Depth: maxPrintDepth, Func: "fmt, printing a value nested that deep (does it hold itself?)"}
		}
	}()
	p.print(c.v, c.typ, 0, true)
}

// maxPrintDepth bounds the nesting of a value that fmt prints (culab
// patch 42), far beyond any value a program means to print.
const maxPrintDepth = 10_000

// tooDeep is the panic of a print past maxPrintDepth.
type tooDeep struct{}

// goTypeName returns the name of type t as reflect's String gives it in a
// compiled program.
func goTypeName(t *itype) string {
	if t == nil {
		return "<nil>"
	}
	var b strings.Builder
	writeTypeName(&b, t, map[*itype]bool{})
	return b.String()
}

func writeTypeName(b *strings.Builder, t *itype, seen map[*itype]bool) {
	if t.name != "" && t.cat != valueT {
		switch {
		case t.path != "":
			b.WriteString(t.path[strings.LastIndexByte(t.path, '/')+1:])
			b.WriteByte('.')
		case t.cat == structT || t.cat == interfaceT:
			// A type declared in a function, or an instance of a
			// generic type, has no path.
			pkg := "main"
			if t.scope != nil && t.scope.pkgName != "" {
				pkg = t.scope.pkgName
			}
			b.WriteString(pkg + ".")
		}
		b.WriteString(t.name)
		return
	}
	if seen[t] {
		b.WriteString(t.str)
		return
	}
	seen[t] = true
	defer delete(seen, t)
	switch t.cat {
	case valueT:
		b.WriteString(t.rtype.String())
	case errorT:
		b.WriteString("error")
	case ptrT:
		b.WriteByte('*')
		writeTypeName(b, t.val, seen)
	case sliceT, variadicT:
		b.WriteString("[]")
		writeTypeName(b, t.val, seen)
	case arrayT:
		fmt.Fprintf(b, "[%d]", t.length)
		writeTypeName(b, t.val, seen)
	case mapT:
		b.WriteString("map[")
		writeTypeName(b, t.key, seen)
		b.WriteByte(']')
		writeTypeName(b, t.val, seen)
	case chanT:
		b.WriteString("chan ")
		writeTypeName(b, t.val, seen)
	case chanSendT:
		b.WriteString("chan<- ")
		writeTypeName(b, t.val, seen)
	case chanRecvT:
		b.WriteString("<-chan ")
		writeTypeName(b, t.val, seen)
	case linkedT:
		writeTypeName(b, t.val, seen)
	case structT:
		if len(t.field) == 0 {
			b.WriteString("struct {}")
			return
		}
		b.WriteString("struct { ")
		for i, f := range t.field {
			if i > 0 {
				b.WriteString("; ")
			}
			if !f.embed {
				b.WriteString(f.name)
				b.WriteByte(' ')
			}
			writeTypeName(b, f.typ, seen)
			if f.tag != "" {
				fmt.Fprintf(b, " %q", f.tag)
			}
		}
		b.WriteString(" }")
	case interfaceT:
		ms := interfaceMethods(t, nil)
		if len(ms) == 0 {
			b.WriteString("interface {}")
			return
		}
		sort.Strings(ms)
		b.WriteString("interface { " + strings.Join(ms, "; ") + " }")
	case funcT:
		b.WriteString("func(")
		for i, a := range t.arg {
			if i > 0 {
				b.WriteString(", ")
			}
			writeTypeName(b, a, seen)
		}
		b.WriteByte(')')
		switch len(t.ret) {
		case 0:
		case 1:
			b.WriteByte(' ')
			writeTypeName(b, t.ret[0], seen)
		default:
			b.WriteString(" (")
			for i, r := range t.ret {
				if i > 0 {
					b.WriteString(", ")
				}
				writeTypeName(b, r, seen)
			}
			b.WriteByte(')')
		}
	default:
		b.WriteString(t.str)
	}
}

// interfaceMethods appends to ms the methods of interface t, those of the
// interfaces it embeds included, as reflect writes them ("N(int) string").
func interfaceMethods(t *itype, ms []string) []string {
	for _, f := range t.field {
		switch {
		case f.typ.cat == funcT:
			ms = append(ms, f.name+strings.TrimPrefix(goTypeName(f.typ), "func"))
		case f.typ.cat == valueT || f.typ.cat == errorT:
			rt := f.typ.TypeOf()
			for i := 0; i < rt.NumMethod(); i++ {
				m := rt.Method(i)
				ms = append(ms, m.Name+strings.TrimPrefix(m.Type.String(), "func"))
			}
		default:
			for f.typ.cat == linkedT {
				f.typ = f.typ.val
			}
			ms = interfaceMethods(f.typ, ms)
		}
	}
	return ms
}

// errorWrapperType is the interpreter's wrapper of a value of an
// interpreted type as an error (an _error), the one wrapper that keeps the
// value with its type, in its last field: IValue is not always the value
// (getConcreteValue), and %T and %+v of an error need its type.
var errorWrapperType = reflect.TypeOf(_error{})

// wrappedCell is a value of an interpreted type, with its type.
type wrappedCell struct {
	typ   *itype
	value reflect.Value
}

// wrapperMethods returns the number of methods of wrapper type wrap,
// whose fields are the value then its methods (and for an _error, its
// wrappedCell).
func wrapperMethods(wrap reflect.Type) int {
	if wrap == errorWrapperType {
		return wrap.NumField() - 2
	}
	return wrap.NumField() - 1
}

// setWrapperType records in wrapper w the value v that it wraps, with
// its type: that of the value's interface (dyn) if any, or that of n.
func setWrapperType(w reflect.Value, n, dyn *node, v reflect.Value) {
	if w.Type() != errorWrapperType {
		return
	}
	t := n.typ
	if dyn != nil && dyn.typ != nil {
		t = dyn.typ
	}
	if v = valueInterfaceValue(v); t != nil && !isInterface(t) && v.IsValid() {
		w.Field(w.NumField() - 1).Set(reflect.ValueOf(&wrappedCell{typ: t, value: v}))
	}
}

// fmtTypes is what fmt knows of an interpreter's types: its named struct
// types, whose values in an interface hold no type when they have no
// methods (their reflect.StructOf type has their fields, renamed), and
// what fmt needs to know of each type that it prints.
type fmtTypes struct {
	mu      sync.Mutex
	structs map[*itype]bool
	infos   sync.Map // *itype → *typeInfo
}

// noteStructType records struct type t of its interpreter: a named one,
// or an unnamed one with an unexported field (culab patch 102: its reflect
// type names the field Xname, which fmt printed for %T, %+v and %#v of a
// value of it held in an interface).
func noteStructType(t *itype) {
	if t.name == "" && !hasUnexportedField(t) || t.node == nil || t.node.interp == nil {
		return
	}
	ft := &t.node.interp.fmtTypes
	ft.mu.Lock()
	defer ft.mu.Unlock()
	if ft.structs == nil {
		ft.structs = map[*itype]bool{}
	}
	ft.structs[t] = true
}

// cellTypeOf returns the interpreted type of a value of compiled type rt
// held in an interface, where rt is a reflect.StructOf type (or a pointer
// to one) that one named struct type of the interpreter has: a value held
// in an interface has its type (a valueInterface) only when its type has
// methods of its own, and a pointer never has it. It returns nil where it
// finds none or several.
func (in *Interpreter) cellTypeOf(rt reflect.Type) *itype {
	ptr := rt.Kind() == reflect.Ptr
	if ptr {
		rt = rt.Elem()
	}
	if in == nil || rt.Kind() != reflect.Struct || rt.Name() != "" {
		return nil
	}
	t := in.structType(rt, ptr)
	if t != nil && ptr {
		return ptrOf(t)
	}
	return t
}

// structType returns the named struct type whose reflect type is rt,
// without methods of its own unless withMethods, nil where there is none
// or several; where there is none, the unnamed struct type of that reflect
// type, if the unnamed ones of it have one name (culab patch 102).
func (in *Interpreter) structType(rt reflect.Type, withMethods bool) *itype {
	ft := &in.fmtTypes
	ft.mu.Lock()
	defer ft.mu.Unlock()
	var found, unnamed *itype
	for t := range ft.structs {
		if t.rtype != rt || len(t.method) > 0 && !withMethods || isGeneric(t) {
			continue
		}
		if t.name == "" {
			if unnamed != nil && goTypeName(unnamed) != goTypeName(t) {
				return nil
			}
			unnamed = t
			continue
		}
		if found != nil {
			return nil
		}
		found = t
	}
	if found == nil {
		return unnamed
	}
	return found
}

// hasUnexportedField reports whether struct type t has a field that is
// not exported.
func hasUnexportedField(t *itype) bool {
	for _, f := range t.field {
		if !canExport(f.name) && !f.embed {
			return true
		}
	}
	return false
}

// hiddenTagKeys are the keys of the struct tags of encoders that skip an
// unexported field, which the interpreter's reflect type exports (Xname).
var hiddenTagKeys = []string{"json", "xml"}

// fieldTag returns the tag of the reflect type's field for f: f's tag,
// but for an unexported field, which encoding/json and encoding/xml must
// skip as they skip it in a compiled program, "-" for their keys.
func fieldTag(f structField) reflect.StructTag {
	if canExport(f.name) || f.embed {
		return reflect.StructTag(f.tag)
	}
	tag := f.tag
	for _, k := range hiddenTagKeys {
		if old, ok := reflect.StructTag(f.tag).Lookup(k); ok {
			tag = strings.Replace(tag, k+":"+strconv.Quote(old), "", 1)
		}
		tag = strings.TrimSpace(tag + " " + k + `:"-"`)
	}
	return reflect.StructTag(tag)
}

// plainV reports whether fmt prints a value of interpreted type t with
// %v (%+v if plus) as it prints its reflect.Value: t holds no interface,
// no type with a method that fmt calls, and no unexported field whose
// name (plus) or methods (fmt calls none there) matter.
func (in *Interpreter) plainV(t *itype, plus bool) bool {
	if plus {
		return in.infoOf(t).plain[1]
	}
	return in.infoOf(t).plain[0]
}

func isPlainV(t *itype, plus bool, seen map[plainKey]bool) bool {
	// culab patch 42: seen is by type and mode, and shared by the check of
	// unexported fields: a fresh one there recursed without end on a type
	// that refers to itself through an unexported field (type T struct{
	// next *T }), a fatal stack overflow at the first print of one.
	if t == nil || seen[plainKey{t, plus}] {
		return true
	}
	seen[plainKey{t, plus}] = true
	switch {
	case t.cat == valueT:
		return t.rtype.Kind() != reflect.Interface
	case isInterface(t) || t.cat == genericT:
		return false
	}
	for _, m := range [...]string{"Format", "GoString", "Error", "String"} {
		if n, _ := t.lookupMethod(m); n != nil {
			return false
		}
		if _, _, _, ok := t.lookupBinMethod(m); ok && t.cat != valueT {
			return false
		}
	}
	u := t
	for u.cat == linkedT {
		u = u.val
	}
	for _, f := range u.field {
		// culab patch 54: %+v names an embedded field of an unexported
		// type too, which the reflect type renamed (Xinner).
		if !canExport(f.name) && (plus || !f.embed && (!isPlainV(f.typ, false, seen) || hasCompiledFmt(f.typ, map[*itype]bool{}))) {
			return false
		}
		if !isPlainV(f.typ, plus, seen) {
			return false
		}
	}
	return isPlainV(u.key, plus, seen) && isPlainV(u.val, plus, seen)
}

// plainKey is a type and a mode (%+v or not) that isPlainV has seen.
type plainKey struct {
	t    *itype
	plus bool
}

// hasCompiledFmt reports whether t holds a compiled type with a method
// that fmt calls.
func hasCompiledFmt(t *itype, seen map[*itype]bool) bool {
	if t == nil || seen[t] {
		return false
	}
	seen[t] = true
	if t.cat == valueT {
		return hasFmtMethod(t.rtype) || t.rtype.Kind() == reflect.Ptr && hasFmtMethod(t.rtype.Elem())
	}
	for _, f := range t.field {
		if hasCompiledFmt(f.typ, seen) {
			return true
		}
	}
	return hasCompiledFmt(t.key, seen) || hasCompiledFmt(t.val, seen)
}
