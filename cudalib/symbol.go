package cudalib

import (
	"errors"
	"fmt"
	"reflect"
	"sort"
	"strconv"
	"strings"
	"unsafe"

	"github.com/culab/culab/cudalib/internal/seam"
)

// Symbol is a module-scope variable of a Module, a __constant__ or
// __device__ variable: what CUDA's cudaMemcpyToSymbol and
// cudaMemcpyFromSymbol name (cuModuleGetGlobal in the driver API). Its
// bytes live on the device as long as the module is loaded; kernels of
// the module read and write them.
type Symbol struct {
	mod  *Module
	name string
	sym  string // the name the module's images know it by
	ptr  seam.DevPtr
	size int
	decl cType // the element type the source declares; cOpaque where not read
}

// Symbol returns the __constant__ or __device__ variable name of the
// module: "coeffs" for a variable at global scope, "ns::coeffs" for one
// in a namespace (or the lowered PTX name). Variables declared inside a
// function or as __shared__ are not module variables and are not found.
// A template kernel's instance compiled on first use (Kernel("k<32>")) is
// loaded as an image of its own, with its own copy of the variables:
// CopyFrom writes them all, and an instance compiled later starts from the
// values set; CopyTo reads the module's own (what a template instance's
// launch wrote to its copy is not read back).
func (m *Module) Symbol(name string) (*Symbol, error) {
	if m == nil || m.impl == nil {
		return nil, errNilModule
	}
	name = strings.TrimPrefix(strings.TrimSpace(name), "&")
	if name == "" {
		return nil, fmt.Errorf("symbol: no name given")
	}
	if m.gen != m.dev.generation() {
		return nil, fmt.Errorf("symbol %s: module was loaded before dev.Reset() or dev.Close(); compile it again", name)
	}
	m.mu.Lock()
	impl, unloaded := m.impl, m.unloaded
	m.mu.Unlock()
	if unloaded {
		return nil, fmt.Errorf("symbol %s: module %s was unloaded", name, m.name)
	}
	var first error
	for _, sym := range symbolCandidates(impl.Lowered(), name) {
		p, size, err := impl.Global(sym)
		if err == nil {
			m.mu.Lock()
			if m.symbols == nil {
				m.symbols = map[string]bool{}
			}
			m.symbols[sym] = true
			m.mu.Unlock()
			return &Symbol{mod: m, name: name, sym: sym, ptr: p, size: size, decl: m.declaredType(name)}, nil
		}
		if k := kindOf(err); k == KindFault || k == KindUnavailable {
			return nil, fmt.Errorf("symbol %s: %w", name, err)
		}
		if first == nil {
			first = err
		}
	}
	vars := "the source declares none"
	if vs := m.Variables(); len(vs) > 0 {
		vars = "the source declares " + strings.Join(vs, ", ")
	}
	return nil, &noSymbolError{msg: fmt.Sprintf("symbol %s: no __device__ or __constant__ variable %s in module %s (only such variables at namespace scope are found; %s): %v",
		name, name, m.name, vars, first), cause: first}
}

// ErrNoSymbol is (wrapped in) the error of Module.Symbol for a name the
// module has no variable of: a caller looking through several modules
// goes on to the next one on it, and stops on any other error.
var ErrNoSymbol = errors.New("no such __device__ or __constant__ variable")

// noSymbolError is ErrNoSymbol with what was looked for and the backend's
// own error.
type noSymbolError struct {
	msg   string
	cause error
}

func (e *noSymbolError) Error() string   { return e.msg }
func (e *noSymbolError) Unwrap() []error { return []error{ErrNoSymbol, e.cause} }

// Variables lists the __constant__ and __device__ variables found in the
// source, in order, by the names Symbol takes ("ns::w" for a namespace's);
// like Kernels it reads the source, so a variable a macro declares is
// missing.
func (m *Module) Variables() []string {
	var names []string
	for _, d := range m.vars {
		names = append(names, d.name)
	}
	return names
}

// declaredType is the element type the source declares the variable name
// (qualified by its namespace) with: cOpaque where the scan does not read
// it (a struct, a typedef, a vector type) or the name is declared twice.
func (m *Module) declaredType(name string) cType {
	name = strings.TrimPrefix(name, "::")
	var t cType
	found := 0
	for _, d := range m.vars {
		if d.name == name {
			t, found = cTypeOf(d.ctype), found+1
		}
	}
	if found != 1 {
		return cType{kind: cOpaque}
	}
	return t
}

// symbolCandidates are the PTX names name may have, most likely first: a
// name expression's lowered name where one was registered, the name as
// given (a variable at global scope keeps its C name; a lowered name), and
// for a qualified name ("ns::w", "Cls::w") its Itanium mangling, which is
// what NVRTC gives a variable of a namespace or a static member.
func symbolCandidates(lowered map[string]string, name string) []string {
	var c []string
	for _, e := range []string{"&" + name, name} {
		if l, ok := lowered[e]; ok {
			c = append(c, l)
		}
	}
	plain := strings.TrimPrefix(name, "::")
	c = append(c, plain)
	if parts := strings.Split(plain, "::"); len(parts) > 1 {
		mangled := "_ZN"
		for _, p := range parts {
			p = strings.TrimSpace(p)
			if p == "" || strings.IndexFunc(p, func(r rune) bool { return !isIdent(r) }) >= 0 {
				return c // not a plain qualified name
			}
			mangled += strconv.Itoa(len(p)) + p
		}
		c = append(c, mangled+"E")
	}
	return c
}

// scanVariables lists the names of the __constant__ and __device__
// variables the source declares, as far as a scanner reads them: the hint
// of a failed lookup.
func scanVariables(src string) []varDecl {
	s := stripComments(src)
	type found struct {
		varDecl
		at int
	}
	var vars []found
	seen := map[string]bool{}
	for _, q := range []string{"__constant__", "__device__"} {
		for off := 0; ; {
			i := strings.Index(s[off:], q)
			if i < 0 {
				break
			}
			start := off + i + len(q)
			off = start
			if before := off - len(q) - 1; before >= 0 && isIdent(rune(s[before])) || start < len(s) && isIdent(rune(s[start])) {
				continue // part of a longer identifier
			}
			end := strings.IndexAny(s[start:], ";={[(")
			if end < 0 || s[start+end] == '(' || s[start+end] == '{' {
				continue // a function, or unreadable
			}
			words := strings.FieldsFunc(s[start:start+end], func(r rune) bool { return !isIdent(r) })
			if len(words) < 2 {
				continue // no type before the name: not a declaration
			}
			if n := words[len(words)-1]; !seen[n] {
				seen[n] = true
				vars = append(vars, found{varDecl{n, declType(words[:len(words)-1])}, start})
			}
		}
	}
	sort.Slice(vars, func(i, j int) bool { return vars[i].at < vars[j].at })
	sc := scopes{s: s}
	decls := make([]varDecl, len(vars))
	for i, v := range vars {
		decls[i] = v.varDecl
		if ns := sc.at(v.at); ns != "" {
			decls[i].name = ns + "::" + decls[i].name // as Symbol takes it
		}
	}
	return decls
}

// varDecl is a module variable as the source declares it: its name and
// its element type's words ("unsigned int").
type varDecl struct {
	name, ctype string
}

// declType is the type of a declaration's words before the name, less
// the storage and space qualifiers.
func declType(words []string) string {
	var t []string
	for _, w := range words {
		switch w {
		case "__device__", "__constant__", "__managed__", "static", "extern", "const", "volatile", "inline":
		default:
			t = append(t, w)
		}
	}
	return strings.Join(t, " ")
}

// errNilSymbol is what a nil Symbol does: a lookup whose error went
// unread (s, _ := nb.Symbol("typo")).
var errNilSymbol = errors.New("nil symbol (was it found? check the error of nb.Symbol or Module.Symbol)")

// Name is the variable's name as it was asked for.
func (s *Symbol) Name() string { return s.name }

// Size is the variable's size in bytes.
func (s *Symbol) Size() int { return s.size }

// String describes the variable (not its value, which lives on the device:
// CopyTo reads it).
func (s *Symbol) String() string {
	return fmt.Sprintf("cudalib.Symbol(%s, %s in %s)", s.name, human(uint64(s.size)), s.mod.name)
}

// CopyFrom copies src to the variable, as cudaMemcpyToSymbol does: src is
// a slice of a sized number type or bool ([]float32, []int32, [][3]float32…)
// or a pointer to one such value or array (&x). Its bytes are written from
// the variable's start and may be fewer than Size, never more.
func (s *Symbol) CopyFrom(src any) error {
	if s == nil || s.mod == nil {
		return errNilSymbol
	}
	h, err := hostMemoryOf(src, false)
	if err != nil {
		return fmt.Errorf("symbol %s: copy from %s", s.name, err)
	}
	if err := s.check(h, "copy"); err != nil || h.bytes == 0 {
		return err
	}
	if err := s.mod.dev.b.CopyHtoD(s.ptr, h.p, h.bytes); err != nil {
		return fmt.Errorf("symbol %s: copy %s (%d bytes) to the device: %w", s.name, h.what, h.bytes, err)
	}
	// A template instance compiled already has a copy of its own: it
	// gets the same bytes (one compiled later copies them when it loads).
	s.mod.mu.Lock()
	defer s.mod.mu.Unlock()
	for inst, impl := range s.mod.instances {
		p, _, err := impl.Global(s.sym)
		if err == nil {
			err = s.mod.dev.b.CopyHtoD(p, h.p, h.bytes)
		}
		if err != nil {
			return fmt.Errorf("symbol %s: copy %s to the instance %s: %w", s.name, h.what, inst, err)
		}
	}
	return nil
}

// copyVariables gives a template instance's image, which has variables
// of its own, the values the module's variables looked up by Symbol have
// now (those a cell may have set before it launched the instance); the
// others have their initializers in both. m.mu is held.
func (m *Module) copyVariables(inst seam.Module) error {
	for sym := range m.symbols {
		if ok, err := copyVariable(m.dev, m.impl, m.dev, inst, sym); err != nil || !ok {
			return fmt.Errorf("variable %s: not in the instance (%v)", sym, err)
		}
	}
	return nil
}

// copyVariable copies the variable sym of image src, on device from, to
// the same variable of image dst, on device to (through the host between
// two devices), as many bytes as both have. ok is false where either
// image lacks it (the compiler dropped it from one); an error is a
// device's.
func copyVariable(from *Device, src seam.Module, to *Device, dst seam.Module, sym string) (ok bool, err error) {
	sp, ssize, err := src.Global(sym)
	if err != nil {
		if kd := kindOf(err); kd == KindFault || kd == KindUnavailable {
			return false, err
		}
		return false, nil
	}
	dp, dsize, err := dst.Global(sym)
	if err != nil {
		return false, nil
	}
	n := min(ssize, dsize)
	switch {
	case n == 0:
	case from == to:
		err = from.b.CopyDtoD(dp, sp, n)
	default:
		host := make([]byte, n)
		if err = from.b.CopyDtoH(unsafe.Pointer(&host[0]), sp, n); err == nil {
			err = to.b.CopyHtoD(dp, unsafe.Pointer(&host[0]), n)
		}
	}
	return err == nil, err
}

// CopyTo copies the variable to dst, as cudaMemcpyFromSymbol does: dst is
// a slice or a pointer as for CopyFrom, and receives as many bytes as it
// holds, read from the variable's start; never more than Size.
func (s *Symbol) CopyTo(dst any) error {
	if s == nil || s.mod == nil {
		return errNilSymbol
	}
	h, err := hostMemoryOf(dst, true)
	if err != nil {
		return fmt.Errorf("symbol %s: copy to %s", s.name, err)
	}
	if err := s.check(h, "copy into"); err != nil || h.bytes == 0 {
		return err
	}
	if err := s.mod.dev.b.CopyDtoH(h.p, s.ptr, h.bytes); err != nil {
		return fmt.Errorf("symbol %s: copy %d bytes to the host (%s): %w", s.name, h.bytes, h.what, err)
	}
	return nil
}

// check refuses a copy of h into or out of a variable that is gone or
// smaller than h.
func (s *Symbol) check(h hostMemory, verb string) error {
	m := s.mod
	if m.gen != m.dev.generation() {
		return fmt.Errorf("symbol %s: its module was loaded before dev.Reset() or dev.Close(); compile it again and look the symbol up again", s.name)
	}
	m.mu.Lock()
	unloaded := m.unloaded
	m.mu.Unlock()
	if unloaded {
		return fmt.Errorf("symbol %s: module %s was unloaded", s.name, m.name)
	}
	if err := s.sameType(h); err != nil {
		return fmt.Errorf("symbol %s: cannot %s %s: %w", s.name, verb, h.what, err)
	}
	if h.bytes > s.size {
		fit := ""
		if h.elem > 0 && s.size/h.elem > 0 {
			fit = fmt.Sprintf(" (%d elements fit)", s.size/h.elem)
		}
		return fmt.Errorf("symbol %s: cannot %s %s: it has %d bytes, the variable %d%s", s.name, verb, h.what, h.bytes, s.size, fit)
	}
	return nil
}

// sameType refuses Go numbers that are not the declared C type's: a
// []float32 copied into a double array would fill half its elements
// with bit patterns no one wrote, a silent wrong answer. Where the source
// was not read (a struct, a typedef) only the size is checked; an
// integer of the same size but the other signedness is the same bits.
func (s *Symbol) sameType(h hostMemory) error {
	d := s.decl
	if h.base == nil || d.goName == "" {
		return nil
	}
	k := h.base.Kind()
	isFloat := k == reflect.Float32 || k == reflect.Float64
	switch {
	case d.kind == cFloat && (!isFloat || int(h.base.Size()) != d.size),
		d.kind == cInt && (isFloat || k == reflect.Bool || int(h.base.Size()) != d.size),
		d.kind == cBool && k != reflect.Bool && !(k == reflect.Uint8 || k == reflect.Int8):
		return fmt.Errorf("the variable is declared %s: pass %s values", d.name, d.goName)
	}
	return nil
}

// hostMemory is the memory of a Go value a copy reads or writes.
type hostMemory struct {
	p     unsafe.Pointer
	bytes int
	elem  int          // a slice's element size; 0 for a pointer
	base  reflect.Type // the number type under the slice, pointer and arrays
	what  string       // "[]float32 of 4", for messages
}

// hostMemoryOf reads v as host memory of sized numbers or bools: a slice,
// or a pointer to a value or array. write says that a copy writes it.
func hostMemoryOf(v any, write bool) (hostMemory, error) {
	if v == nil {
		return hostMemory{}, fmt.Errorf("nil: pass a slice or a pointer (&x)")
	}
	rv := reflect.ValueOf(v)
	t := rv.Type()
	switch rv.Kind() {
	case reflect.Slice:
		if err := plainElem(t.Elem(), t); err != nil {
			return hostMemory{}, err
		}
		n := rv.Len() * int(t.Elem().Size())
		return hostMemory{p: rv.UnsafePointer(), bytes: n, elem: int(t.Elem().Size()), base: baseType(t.Elem()), what: fmt.Sprintf("%s of %d", t, rv.Len())}, nil
	case reflect.Pointer:
		if err := plainElem(t.Elem(), t); err != nil {
			return hostMemory{}, err
		}
		if rv.IsNil() {
			return hostMemory{}, fmt.Errorf("a nil %s", t)
		}
		n := int(t.Elem().Size())
		return hostMemory{p: rv.UnsafePointer(), bytes: n, base: baseType(t.Elem()), what: t.String()}, nil
	}
	if plainElem(t, t) == nil {
		how := "&x"
		if t.Kind() == reflect.Array {
			how = "&x or x[:]"
		}
		if write {
			return hostMemory{}, fmt.Errorf("a %s value, which a copy cannot change: pass a pointer (%s) or a slice", t, how)
		}
		return hostMemory{}, fmt.Errorf("a %s value: pass a pointer (%s) or a slice, whose type says the bytes copied (an untyped constant would be an int or a float64)", t, how)
	}
	return hostMemory{}, fmt.Errorf("%s: pass a slice of sized numbers or bools ([]float32, []int32…) or a pointer to one such value or array (&x)", t)
}

// baseType is t under its arrays.
func baseType(t reflect.Type) reflect.Type {
	for t.Kind() == reflect.Array {
		t = t.Elem()
	}
	return t
}

// plainElem checks that values of t are sized numbers or bools, or arrays
// of them, laid out as C lays out its own (outer is the type as passed,
// for messages).
func plainElem(t, outer reflect.Type) error {
	for t.Kind() == reflect.Array {
		t = t.Elem()
	}
	switch t.Kind() {
	case reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64,
		reflect.Uint8, reflect.Uint16, reflect.Uint32, reflect.Uint64,
		reflect.Float32, reflect.Float64, reflect.Bool:
		return nil
	case reflect.Int, reflect.Uint, reflect.Uintptr:
		return fmt.Errorf("%s: Go's %s has the platform's size and names no C type: use int32 for a C int, int64 for a long long (uint32, uint64 unsigned)", outer, t)
	case reflect.Struct:
		return fmt.Errorf("%s: a Go struct's layout is Go's, not C's: copy its fields' values as an array of numbers", outer)
	}
	return fmt.Errorf("%s: pass a slice of sized numbers or bools ([]float32, []int32…) or a pointer to one such value or array (&x)", outer)
}
