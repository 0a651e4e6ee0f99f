package interp

// culab patch 20: the printing of a cellValue, fmt's printValue with the
// value's interpreted type.

import (
	"fmt"
	"math"
	"reflect"
	"sort"
	"strconv"
	"strings"
)

// printer prints a cellValue with one verb, as fmt's pp does.
type printer struct {
	cell          *cellValue // the argument printed
	in            *Interpreter
	f             *frame
	st            fmt.State
	verb          rune
	sharpV, plusV bool
	directive     string // the verb with its flags, width and precision
	erroring      bool   // printing the value of a bad verb's report
}

func newPrinter(c *cellValue, st fmt.State, verb rune) *printer {
	p := &printer{cell: c, in: c.in, f: c.f, st: st, verb: verb}
	p.sharpV = verb == 'v' && st.Flag('#')
	p.plusV = verb == 'v' && st.Flag('+')
	p.directive = directive(st, verb, "-+# 0")
	return p
}

// directive returns the directive that st and verb stand for, with the
// flags among flags.
func directive(st fmt.State, verb rune, flags string) string {
	b := []byte{'%'}
	for i := 0; i < len(flags); i++ {
		if st.Flag(int(flags[i])) {
			b = append(b, flags[i])
		}
	}
	if w, ok := st.Width(); ok {
		b = strconv.AppendInt(b, int64(w), 10)
	}
	if pr, ok := st.Precision(); ok {
		b = append(b, '.')
		b = strconv.AppendInt(b, int64(pr), 10)
	}
	return string(append(b, string(verb)...))
}

// print prints v, of type t (nil for a compiled type), at depth as
// fmt's printValue; canIface is false under an unexported field, where
// fmt calls no method.
func (p *printer) print(v reflect.Value, t *itype, depth int, canIface bool) {
	if depth > maxPrintDepth {
		panic(tooDeep{}) // culab patch 42
	}
	if t != nil && p.in.infoOf(t).iface || t == nil && (v.Kind() == reflect.Interface || v.Type() == valueInterfaceType) {
		dv, dt := p.in.dynamicValue(v, t)
		if !dv.IsValid() {
			if p.sharpV {
				if t != nil {
					put(p.st, goTypeName(t)+"(nil)")
				} else {
					put(p.st, v.Type().String()+"(nil)")
				}
				return
			}
			put(p.st, "<nil>")
			return
		}
		p.print(dv, dt, depth+1, canIface)
		return
	}
	if t == nil {
		t = p.in.cellTypeOf(v.Type())
	}
	if t == nil || t.cat == valueT || t.cat == errorT {
		p.printCompiled(v, depth, canIface)
		return
	}
	if canIface && p.handleMethods(v, t) {
		return
	}
	u := t
	for u.cat == linkedT {
		u = u.val
	}
	switch u.cat {
	case structT:
		if p.sharpV {
			put(p.st, goTypeName(t))
		}
		put(p.st, "{")
		for i, fl := range u.field {
			if i > 0 {
				if p.sharpV {
					put(p.st, ", ")
				} else {
					put(p.st, " ")
				}
			}
			name := fl.name
			if fl.embed && name == "" {
				name = goTypeName(fl.typ)
			}
			if p.plusV || p.sharpV {
				put(p.st, name+":")
			}
			p.print(v.Field(i), fl.typ, depth+1, canIface && canExport(name))
		}
		put(p.st, "}")
	case arrayT, sliceT, variadicT:
		p.printList(v, t, u.val, depth, canIface)
	case mapT:
		p.printMap(v, t, u, depth, canIface)
	case ptrT:
		if depth == 0 && !v.IsNil() {
			switch v.Elem().Kind() {
			case reflect.Array, reflect.Slice, reflect.Struct, reflect.Map:
				put(p.st, "&")
				p.print(v.Elem(), u.val, depth+1, canIface)
				return
			}
		}
		p.printPointer(v, t)
	case chanT, chanSendT, chanRecvT, funcT:
		p.printPointer(v, t)
	default:
		p.printLeaf(v, t)
	}
}

// printCompiled prints v of a compiled type.
func (p *printer) printCompiled(v reflect.Value, depth int, canIface bool) {
	rt := v.Type()
	switch {
	case isWrapper(rt):
		// A value of an interpreted type in a compiled interface: its
		// methods are the wrapper's.
		if canIface && !p.sharpV && strings.ContainsRune("vsxXq", p.verb) {
			fmt.Fprintf(p.st, p.directive, v.Interface())
			return
		}
		p.print(v.Field(0), nil, depth, canIface)
	case canIface && v.CanInterface() && (!mayHoldCells(rt) || hasFmtMethod(rt)):
		if depth > 0 && rt.Kind() == reflect.Ptr && !hasFmtMethod(rt) {
			p.printPointer(v, nil)
			return
		}
		fmt.Fprintf(p.st, p.directive, v.Interface())
	default:
		// Walked here: it may hold values of interpreted types, or fmt
		// must call no method of it.
		switch rt.Kind() {
		case reflect.Struct:
			if p.sharpV {
				put(p.st, rt.String())
			}
			put(p.st, "{")
			for i := 0; i < rt.NumField(); i++ {
				if i > 0 {
					if p.sharpV {
						put(p.st, ", ")
					} else {
						put(p.st, " ")
					}
				}
				name := rt.Field(i).Name
				if p.plusV || p.sharpV {
					put(p.st, name+":")
				}
				p.print(v.Field(i), nil, depth+1, canIface && rt.Field(i).IsExported())
			}
			put(p.st, "}")
		case reflect.Array, reflect.Slice:
			p.printList(v, nil, nil, depth, canIface)
		case reflect.Map:
			p.printMap(v, nil, nil, depth, canIface)
		case reflect.Ptr:
			if depth == 0 && !v.IsNil() {
				switch v.Elem().Kind() {
				case reflect.Array, reflect.Slice, reflect.Struct, reflect.Map:
					put(p.st, "&")
					p.print(v.Elem(), nil, depth+1, canIface)
					return
				}
			}
			p.printPointer(v, nil)
		case reflect.Chan, reflect.Func, reflect.UnsafePointer:
			p.printPointer(v, nil)
		default:
			p.printLeaf(v, nil)
		}
	}
}

var (
	formatterType  = reflect.TypeOf((*fmt.Formatter)(nil)).Elem()
	goStringerType = reflect.TypeOf((*fmt.GoStringer)(nil)).Elem()
)

func hasFmtMethod(rt reflect.Type) bool {
	return rt.Implements(formatterType) || rt.Implements(goStringerType) || rt.Implements(errorType) || rt.Implements(stringerType)
}

// padString writes s to st padded to its width, as fmt's padString.
func padString(st fmt.State, s string) {
	b := []byte{'%'}
	if st.Flag('-') {
		b = append(b, '-')
	}
	if st.Flag('0') {
		b = append(b, '0')
	}
	if w, ok := st.Width(); ok {
		b = strconv.AppendInt(b, int64(w), 10)
	}
	fmt.Fprintf(st, string(append(b, 's')), s)
}

// put writes s to st.
func put(st fmt.State, s string) {
	_, _ = st.Write([]byte(s))
}

// printList prints an array or a slice v of type t and elements of type
// et (nil: compiled types).
func (p *printer) printList(v reflect.Value, t, et *itype, depth int, canIface bool) {
	if strings.ContainsRune("sqxX", p.verb) && v.Type().Elem().Kind() == reflect.Uint8 {
		b := make([]byte, v.Len())
		reflect.Copy(reflect.ValueOf(b), v)
		fmt.Fprintf(p.st, p.directive, b)
		return
	}
	if p.sharpV {
		put(p.st, p.typeString(v, t))
		if v.Kind() == reflect.Slice && v.IsNil() {
			put(p.st, "(nil)")
			return
		}
		put(p.st, "{")
		for i := 0; i < v.Len(); i++ {
			if i > 0 {
				put(p.st, ", ")
			}
			p.print(v.Index(i), et, depth+1, canIface)
		}
		put(p.st, "}")
		return
	}
	put(p.st, "[")
	for i := 0; i < v.Len(); i++ {
		if i > 0 {
			put(p.st, " ")
		}
		p.print(v.Index(i), et, depth+1, canIface)
	}
	put(p.st, "]")
}

// printMap prints map v of type t, whose underlying type is u (nil:
// compiled types), its keys sorted as fmt sorts them.
func (p *printer) printMap(v reflect.Value, t, u *itype, depth int, canIface bool) {
	var kt, et *itype
	if u != nil {
		kt, et = u.key, u.val
	}
	if p.sharpV {
		put(p.st, p.typeString(v, t))
		if v.IsNil() {
			put(p.st, "(nil)")
			return
		}
		put(p.st, "{")
	} else {
		put(p.st, "map[")
	}
	keys := mapKeys(v)
	sort.SliceStable(keys, func(i, j int) bool { return compareKeys(keys[i], keys[j]) < 0 })
	for i, k := range keys {
		if i > 0 {
			if p.sharpV {
				put(p.st, ", ")
			} else {
				put(p.st, " ")
			}
		}
		p.print(k, kt, depth+1, canIface)
		put(p.st, ":")
		p.print(mapGet(v, k), et, depth+1, canIface)
	}
	if p.sharpV {
		put(p.st, "}")
	} else {
		put(p.st, "]")
	}
}

// typeString returns the name of v's type t (nil: compiled).
func (p *printer) typeString(v reflect.Value, t *itype) string {
	if t == nil {
		return v.Type().String()
	}
	return goTypeName(t)
}

// printPointer prints a pointer, channel or function v of type t as
// fmt's fmtPointer.
func (p *printer) printPointer(v reflect.Value, t *itype) {
	var u uintptr
	if v.Kind() != reflect.Func || !v.IsNil() {
		u = v.Pointer()
	}
	switch p.verb {
	case 'v':
		if p.sharpV {
			put(p.st, "("+p.typeString(v, t)+")(")
			if u == 0 {
				put(p.st, "nil")
			} else {
				put(p.st, "0x"+strconv.FormatUint(uint64(u), 16))
			}
			put(p.st, ")")
			return
		}
		if u == 0 {
			padString(p.st, "<nil>")
			return
		}
		fmt.Fprintf(p.st, "%#"+directive(p.st, 'x', "-0")[1:], u)
	case 'b', 'o', 'd', 'x', 'X':
		fmt.Fprintf(p.st, p.directive, u)
	default:
		p.badVerb(v, t)
	}
}

// printLeaf prints a value v of a basic kind, of type t (nil: compiled).
func (p *printer) printLeaf(v reflect.Value, t *itype) {
	if !verbFits(v.Kind(), p.verb) {
		p.badVerb(v, t)
		return
	}
	d := p.directive
	if p.erroring {
		// fmt prints it with 'v' but its flags as they are: a '+' is a
		// sign, not %+v.
		d = directive(p.st, leafVerbs[v.Kind()], "-+ 0")
	}
	fmt.Fprintf(p.st, d, plainValue(v))
}

// leafVerbs are the verbs that print a value of a kind as 'v' does.
var leafVerbs = map[reflect.Kind]rune{
	reflect.Bool: 't', reflect.String: 's',
	reflect.Int: 'd', reflect.Int8: 'd', reflect.Int16: 'd', reflect.Int32: 'd', reflect.Int64: 'd',
	reflect.Uint: 'd', reflect.Uint8: 'd', reflect.Uint16: 'd', reflect.Uint32: 'd', reflect.Uint64: 'd', reflect.Uintptr: 'd',
	reflect.Float32: 'g', reflect.Float64: 'g', reflect.Complex64: 'g', reflect.Complex128: 'g',
}

// plainValue returns v's value, of v's kind but without its type's
// methods (and for a field that reflect hides, unexported).
func plainValue(v reflect.Value) any {
	switch v.Kind() {
	case reflect.Bool:
		return v.Bool()
	case reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64:
		return reflect.ValueOf(v.Int()).Convert(basicTypes[v.Kind()]).Interface()
	case reflect.Uint, reflect.Uint8, reflect.Uint16, reflect.Uint32, reflect.Uint64, reflect.Uintptr:
		return reflect.ValueOf(v.Uint()).Convert(basicTypes[v.Kind()]).Interface()
	case reflect.Float32, reflect.Float64:
		return reflect.ValueOf(v.Float()).Convert(basicTypes[v.Kind()]).Interface()
	case reflect.Complex64, reflect.Complex128:
		return reflect.ValueOf(v.Complex()).Convert(basicTypes[v.Kind()]).Interface()
	case reflect.String:
		return v.String()
	}
	if v.CanInterface() {
		return v.Interface()
	}
	return nil
}

var basicTypes = map[reflect.Kind]reflect.Type{
	reflect.Int: reflect.TypeOf(0), reflect.Int8: reflect.TypeOf(int8(0)), reflect.Int16: reflect.TypeOf(int16(0)),
	reflect.Int32: reflect.TypeOf(int32(0)), reflect.Int64: reflect.TypeOf(int64(0)),
	reflect.Uint: reflect.TypeOf(uint(0)), reflect.Uint8: reflect.TypeOf(uint8(0)), reflect.Uint16: reflect.TypeOf(uint16(0)),
	reflect.Uint32: reflect.TypeOf(uint32(0)), reflect.Uint64: reflect.TypeOf(uint64(0)), reflect.Uintptr: reflect.TypeOf(uintptr(0)),
	reflect.Float32: reflect.TypeOf(float32(0)), reflect.Float64: reflect.TypeOf(float64(0)),
	reflect.Complex64: reflect.TypeOf(complex64(0)), reflect.Complex128: reflect.TypeOf(complex128(0)),
}

// badVerb prints v of type t (nil: compiled) for a verb that does not
// fit its kind, as fmt's badVerb.
func (p *printer) badVerb(v reflect.Value, t *itype) {
	put(p.st, "%!"+string(p.verb)+"("+p.typeString(v, t)+"=")
	q := *p
	q.verb, q.sharpV, q.plusV, q.erroring = 'v', false, false, true
	q.directive = directive(p.st, 'v', "-+ 0")
	q.print(v, t, 0, false)
	put(p.st, ")")
}

// verbFits reports whether fmt prints a value of kind k with verb, as
// the verbs of its printValue cases.
func verbFits(k reflect.Kind, verb rune) bool {
	var verbs string
	switch k {
	case reflect.Bool:
		verbs = "tv"
	case reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64,
		reflect.Uint, reflect.Uint8, reflect.Uint16, reflect.Uint32, reflect.Uint64, reflect.Uintptr:
		verbs = "bcdoOqxXUv"
	case reflect.Float32, reflect.Float64, reflect.Complex64, reflect.Complex128:
		verbs = "bgGxXfFeEv"
	case reflect.String:
		verbs = "vsxXq"
	default:
		return true
	}
	return strings.ContainsRune(verbs, verb)
}

// compareKeys orders map keys as fmt does (internal/fmtsort).
func compareKeys(a, b reflect.Value) int {
	if a.Kind() == reflect.Interface {
		a = a.Elem()
	}
	if b.Kind() == reflect.Interface {
		b = b.Elem()
	}
	if vi, ok := asValueInterface(a); ok {
		a = vi.value
	}
	if vi, ok := asValueInterface(b); ok {
		b = vi.value
	}
	if !a.IsValid() || !b.IsValid() {
		switch {
		case !a.IsValid() && !b.IsValid():
			return 0
		case !a.IsValid():
			return -1
		}
		return 1
	}
	if a.Type() != b.Type() {
		return strings.Compare(a.Type().String(), b.Type().String())
	}
	switch a.Kind() {
	case reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64:
		return cmp3(a.Int() < b.Int(), a.Int() > b.Int())
	case reflect.Uint, reflect.Uint8, reflect.Uint16, reflect.Uint32, reflect.Uint64, reflect.Uintptr:
		return cmp3(a.Uint() < b.Uint(), a.Uint() > b.Uint())
	case reflect.String:
		return strings.Compare(a.String(), b.String())
	case reflect.Float32, reflect.Float64:
		return floatCompare(a.Float(), b.Float())
	case reflect.Complex64, reflect.Complex128:
		if c := floatCompare(real(a.Complex()), real(b.Complex())); c != 0 {
			return c
		}
		return floatCompare(imag(a.Complex()), imag(b.Complex()))
	case reflect.Bool:
		return cmp3(!a.Bool() && b.Bool(), a.Bool() && !b.Bool())
	case reflect.Ptr, reflect.UnsafePointer, reflect.Chan:
		return cmp3(a.Pointer() < b.Pointer(), a.Pointer() > b.Pointer())
	case reflect.Struct:
		for i := 0; i < a.NumField(); i++ {
			if c := compareKeys(a.Field(i), b.Field(i)); c != 0 {
				return c
			}
		}
	case reflect.Array:
		for i := 0; i < a.Len(); i++ {
			if c := compareKeys(a.Index(i), b.Index(i)); c != 0 {
				return c
			}
		}
	}
	return 0
}

func asValueInterface(v reflect.Value) (valueInterface, bool) {
	if !v.IsValid() || !v.CanInterface() {
		return valueInterface{}, false
	}
	vi, ok := v.Interface().(valueInterface)
	return vi, ok
}

func cmp3(less, more bool) int {
	switch {
	case less:
		return -1
	case more:
		return 1
	}
	return 0
}

func floatCompare(a, b float64) int {
	switch {
	case math.IsNaN(a) && math.IsNaN(b):
		return 0
	case math.IsNaN(a):
		return -1
	case math.IsNaN(b):
		return 1
	}
	return cmp3(a < b, a > b)
}

// handleMethods prints v of interpreted type t with its method Format,
// GoString (%#v), Error or String (verbs v, s, x, X, q), as fmt's
// handleMethods does, and reports whether it did.
func (p *printer) handleMethods(v reflect.Value, t *itype) bool {
	ti := p.in.infoOf(t)
	if m := ti.methods[mFormat]; m.ok() {
		p.callMethod(v, m, "Format", reflect.ValueOf(p.st), reflect.ValueOf(p.verb))
		return true
	}
	if p.sharpV {
		if m := ti.methods[mGoString]; m.ok() {
			p.callMethod(v, m, "GoString")
			return true
		}
		return false
	}
	if !strings.ContainsRune("vsxXq", p.verb) {
		return false
	}
	if m := ti.methods[mError]; m.ok() {
		p.callMethod(v, m, "Error")
		return true
	}
	if m := ti.methods[mString]; m.ok() {
		p.callMethod(v, m, "String")
		return true
	}
	return false
}

// The methods that fmt calls, in typeInfo.methods.
const (
	mFormat = iota
	mGoString
	mError
	mString
	numMethods
)

var fmtMethodSigs = [numMethods][2]string{
	{"Format", "func(fmt.State, int32)"}, {"GoString", "func() string"},
	{"Error", "func() string"}, {"String", "func() string"},
}

// typeInfo is what fmt needs to know of an interpreted type, computed
// once (fmt asks for each value printed).
type typeInfo struct {
	iface   bool                    // an interface type
	methods [numMethods]foundMethod // those in the method set of the type
	plain   [2]bool                 // plainV(t, false), plainV(t, true)
}

type foundMethod struct {
	m     *node
	index []int  // path of embedded fields to the receiver
	bin   string // culab patch 69: a compiled method (of the embedded field at index) of this name
}

// ok reports whether the method was found.
func (fm foundMethod) ok() bool { return fm.m != nil || fm.bin != "" }

// infoOf returns what fmt needs to know of t, cached by the interpreter.
func (in *Interpreter) infoOf(t *itype) *typeInfo {
	if ti, ok := in.fmtTypes.infos.Load(t); ok {
		return ti.(*typeInfo)
	}
	ti := &typeInfo{iface: isInterface(t)}
	for i, ms := range fmtMethodSigs {
		m, index := lookupFmtMethod(t, ms[0], ms[1])
		ti.methods[i] = foundMethod{m: m, index: index}
		if m == nil {
			ti.methods[i] = lookupFmtBinMethod(t, ms[0], ms[1])
		}
	}
	ti.plain[0] = isPlainV(t, false, map[plainKey]bool{})
	ti.plain[1] = isPlainV(t, true, map[plainKey]bool{})
	in.fmtTypes.infos.Store(t, ti)
	return ti
}

// fmtMethod returns method i (mFormat...) of interpreted type t, if in
// its method set, and the path of embedded fields to its receiver.
func (in *Interpreter) fmtMethod(t *itype, i int) foundMethod {
	return in.infoOf(t).methods[i]
}

func lookupFmtMethod(t *itype, name, sig string) (*node, []int) {
	m, index := t.lookupMethod(name)
	if m == nil || m.typ == nil || m.typ.TypeOf().String() != sig {
		return nil, nil
	}
	if t.cat == ptrT || !ptrReceiver(m) {
		return m, index
	}
	// A pointer method is in the method set of a value of t only through
	// an embedded pointer.
	u := t
	for _, i := range index {
		for u.cat == linkedT {
			u = u.val
		}
		if i >= len(u.field) {
			return nil, nil
		}
		if u = u.field[i].typ; u.cat == ptrT {
			return m, index
		}
	}
	return nil, nil
}

// lookupFmtBinMethod returns the compiled method name of signature sig
// that t (a cell struct type) has by embedding a compiled type (time.Time's
// String in struct{ time.Time; name string }), if in the method set of t.
// yaegi's fmt printed the struct's fields, where Go calls the promoted
// method (culab patch 69).
func lookupFmtBinMethod(t *itype, name, sig string) foundMethod {
	if t == nil || t.cat == valueT || isInterface(t) {
		return foundMethod{}
	}
	bm, index, isPtr, ok := t.lookupBinMethod(name)
	if !ok || len(index) == 0 || !binMethodHasSig(bm.Type, sig) {
		return foundMethod{}
	}
	if isPtr && t.cat != ptrT && !embedsPointer(t, index) {
		return foundMethod{}
	}
	return foundMethod{index: index, bin: name}
}

// binMethodHasSig reports whether the type of a compiled method, with its
// receiver as first parameter or (an interface's) without, is sig.
func binMethodHasSig(mt reflect.Type, sig string) bool {
	if mt.String() == sig {
		return true
	}
	if mt.NumIn() == 0 {
		return false
	}
	in := make([]reflect.Type, 0, mt.NumIn()-1)
	for i := 1; i < mt.NumIn(); i++ {
		in = append(in, mt.In(i))
	}
	out := make([]reflect.Type, mt.NumOut())
	for i := range out {
		out[i] = mt.Out(i)
	}
	return reflect.FuncOf(in, out, mt.IsVariadic()).String() == sig
}

// embedsPointer reports whether the path index of embedded fields of t
// goes through a pointer.
func embedsPointer(t *itype, index []int) bool {
	u := t
	for _, i := range index {
		for u.cat == linkedT {
			u = u.val
		}
		if u.cat == ptrT {
			return true
		}
		if i >= len(u.field) {
			return false
		}
		if u = u.field[i].typ; u.cat == ptrT {
			return true
		}
	}
	return false
}

// callFound calls the method fm of v: an interpreted one as callMethodOf
// does, a compiled one on the embedded field at its path.
func callFound(f *frame, fm foundMethod, v reflect.Value, args []reflect.Value) []reflect.Value {
	if fm.m != nil {
		return callMethodOf(f, fm.m, v, fm.index, args)
	}
	for _, i := range fm.index {
		if v.Kind() == reflect.Ptr {
			if v.IsNil() {
				panic(runtimeError("invalid memory address or nil pointer dereference"))
			}
			v = v.Elem()
		}
		v = v.Field(i)
		if vi, ok := asValueInterface(v); ok {
			v = vi.value
		}
	}
	mv := v.MethodByName(fm.bin)
	if !mv.IsValid() && v.CanAddr() {
		mv = v.Addr().MethodByName(fm.bin)
	}
	if !mv.IsValid() {
		// A value not addressable (a copy) whose method has a pointer
		// receiver, reached through an embedded pointer: copy it.
		c := reflect.New(v.Type())
		c.Elem().Set(v)
		mv = c.MethodByName(fm.bin)
	}
	return mv.Call(args)
}

// ptrReceiver reports whether method m has a pointer receiver.
func ptrReceiver(m *node) bool {
	if m == nil || len(m.child) == 0 || len(m.child[0].child) == 0 {
		return false
	}
	r := m.child[0].child[0].lastChild()
	if r.typ != nil {
		return r.typ.cat == ptrT
	}
	return r.kind == starExpr // not typed yet (a method set wanted during GTA)
}

// callMethod calls method m of v, found by handleMethods, and prints its
// result; a panic prints as fmt's catchPanic prints it.
func (p *printer) callMethod(v reflect.Value, m foundMethod, name string, args ...reflect.Value) {
	defer func() {
		r := recover()
		if r == nil {
			return
		}
		if so, ok := r.(*StackOverflow); ok {
			p.cell.overflow = so
			return
		}
		forgetPanicStack() // recovered here, as fmt recovers it
		if v.Kind() == reflect.Ptr && v.IsNil() {
			fmt.Fprintf(p.st, directive(p.st, 's', "-0"), "<nil>")
			return
		}
		if rv, ok := r.(reflect.Value); ok && rv.IsValid() && rv.CanInterface() {
			r = rv.Interface()
		}
		if pe, ok := r.(Panic); ok {
			r = pe.Value
		}
		fmt.Fprintf(p.st, "%%!%c(PANIC=%s method: %v)", p.verb, name, r)
	}()
	out := callFound(p.f, m, v, args)
	if len(out) == 1 {
		s := out[0].String()
		if name == "GoString" {
			fmt.Fprintf(p.st, directive(p.st, 's', "-0"), s)
			return
		}
		if p.directive == "%v" || p.directive == "%s" {
			put(p.st, s)
			return
		}
		fmt.Fprintf(p.st, p.directive, s)
	}
}

// callMethodOf calls method m on the receiver at path index in v, in a
// frame of f, as the function that genFunctionWrapper makes would, without
// making it.
func callMethodOf(f *frame, m *node, v reflect.Value, index []int, args []reflect.Value) []reflect.Value {
	def := m.val.(*node)
	numRet := len(def.typ.ret)
	for _, i := range index {
		if v.Kind() == reflect.Ptr {
			v = v.Elem()
		}
		v = v.Field(i)
		if vi, ok := asValueInterface(v); ok {
			v = vi.value
		}
	}
	fr := newFrame(f, len(def.types), f.runid())
	d := fr.data
	for i, t := range def.types {
		d[i] = reflect.New(t).Elem()
	}
	d[numRet].Set(boundReceiver(v, def.types[numRet]))
	for i, a := range args {
		if numRet+1+i < len(d) {
			setArg(d[numRet+1+i], def.typ.arg[i], a)
		}
	}
	runCfg(def.child[3].start, fr, def, m)
	return fr.data[:numRet]
}
