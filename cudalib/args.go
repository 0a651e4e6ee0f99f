package cudalib

import (
	"fmt"
	"math"
	"reflect"
	"strconv"
)

// Kernel arguments: each Go value is converted to its parameter's C type,
// as C would convert it but only where the value survives (a float64
// rounds to a float as in C), and refused otherwise; never are a value's
// bits passed as another type's. docs/kernel-arguments.md states the rules
// and its table of examples is this file's test (args_test.go).

// argKind is what kind of Go value an argument is.
type argKind uint8

const (
	argSigned argKind = iota
	argUnsigned
	argFloat
	argBool
	argBuffer
)

// goArg is one Go argument as the checker reads it.
type goArg struct {
	typ  string // its Go type, for messages
	kind argKind
	i    int64   // argSigned
	u    uint64  // argUnsigned
	f    float64 // argFloat (a float32 exactly)
	b    bool    // argBool
	buf  Buffer  // argBuffer
	size int     // the Go type's size; 0 for int, uint and uintptr, whose size is the platform's and names no C type
}

// goArgOf reads a Go argument; the common types without reflection, since
// every launch reads every argument.
func goArgOf(arg any) (goArg, error) {
	switch v := arg.(type) {
	case int:
		return goArg{typ: "int", kind: argSigned, i: int64(v)}, nil
	case int32:
		return goArg{typ: "int32", kind: argSigned, i: int64(v), size: 4}, nil
	case int64:
		return goArg{typ: "int64", kind: argSigned, i: v, size: 8}, nil
	case uint32:
		return goArg{typ: "uint32", kind: argUnsigned, u: uint64(v), size: 4}, nil
	case uint64:
		return goArg{typ: "uint64", kind: argUnsigned, u: v, size: 8}, nil
	case float32:
		return goArg{typ: "float32", kind: argFloat, f: float64(v), size: 4}, nil
	case float64:
		return goArg{typ: "float64", kind: argFloat, f: v, size: 8}, nil
	case bool:
		return goArg{typ: "bool", kind: argBool, b: v, size: 1}, nil
	case Buffer:
		if isNilBuffer(v) {
			return goArg{}, fmt.Errorf("nil buffer")
		}
		return goArg{typ: "buffer", kind: argBuffer, buf: v, size: 8}, nil
	case nil:
		return goArg{}, fmt.Errorf("nil is not a kernel argument")
	}
	// The other integer types, and named types (type Celsius float32).
	rv := reflect.ValueOf(arg)
	a := goArg{typ: rv.Type().String(), size: int(rv.Type().Size())}
	switch rv.Kind() {
	case reflect.Int, reflect.Uint, reflect.Uintptr:
		a.size = 0
		if rv.Kind() == reflect.Int {
			a.kind, a.i = argSigned, rv.Int()
		} else {
			a.kind, a.u = argUnsigned, rv.Uint()
		}
	case reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64:
		a.kind, a.i = argSigned, rv.Int()
	case reflect.Uint8, reflect.Uint16, reflect.Uint32, reflect.Uint64:
		a.kind, a.u = argUnsigned, rv.Uint()
	case reflect.Float32, reflect.Float64:
		a.kind, a.f = argFloat, rv.Float()
	case reflect.Bool:
		a.kind, a.b = argBool, rv.Bool()
	case reflect.Slice, reflect.Array:
		from := "Float32sFrom"
		if b, ok := bufferTypes[rv.Type().Elem().String()]; ok {
			from = b + "From"
		}
		return goArg{}, fmt.Errorf("%s is host memory: copy it to a device buffer (dev.%s(xs)...) and pass the buffer", a.typ, from)
	case reflect.Struct:
		return goArg{}, fmt.Errorf("a Go struct (%s) is not passed to kernels, its layout being Go's: pass its fields as separate parameters", a.typ)
	default:
		return goArg{}, fmt.Errorf("unsupported type %s (kernels take Go integers, floats, bools and device buffers)", a.typ)
	}
	return a, nil
}

// String is the value with its Go type: "Go int 2".
func (a goArg) String() string {
	if a.kind == argBuffer {
		return "a device buffer"
	}
	return "Go " + a.typ + " " + a.literal()
}

// literal is the value as Go source, for the fixes messages suggest.
func (a goArg) literal() string {
	switch a.kind {
	case argSigned:
		return strconv.FormatInt(a.i, 10)
	case argUnsigned:
		return strconv.FormatUint(a.u, 10)
	case argFloat:
		bits := 64
		if a.size == 4 {
			bits = 32
		}
		return strconv.FormatFloat(a.f, 'g', -1, bits)
	case argBool:
		return strconv.FormatBool(a.b)
	}
	return ""
}

// convertArg converts a to the C type t of parameter p (nil: the kernel's
// parameters are not known), returning the bits the kernel receives and
// their size in bytes, or what is wrong, for the user. compiled says that
// t is the compiler's reading, so an opaque name is a class, struct, union
// or enum type.
func convertArg(a goArg, p *paramDecl, t cType, compiled bool) (bits uint64, size int, err error) {
	if a.kind == argBuffer {
		return bufferArg(a.buf, p, t)
	}
	if p != nil && p.pointer {
		return 0, 0, fmt.Errorf("a device buffer is needed, got %v", a)
	}
	switch t.kind {
	case cBool:
		if a.kind != argBool {
			return 0, 0, fmt.Errorf("%s takes a Go bool, got %v (pass x != 0)", t.name, a)
		}
		return a.rawBits(), 1, nil
	case cInt:
		v, err := a.integer(t)
		return v, t.size, err
	case cFloat:
		v, err := a.float(t)
		return v, t.size, err
	case cNoGo:
		return 0, 0, fmt.Errorf("Go has no %s values, got %v: declare the kernel's parameters as types Go has (float, int...) and convert in the kernel", t.name, a)
	}
	switch {
	case compiled:
		return 0, 0, fmt.Errorf("%s is a class, struct, union or enum type, and Go values convert to numbers and bools only, got %v: declare the kernel's parameters as numbers (float x, float y; an int for an enum)", t.name, a)
	case a.size == 0:
		what := "the kernel's parameter types are not known (an extern \"C\" kernel whose parameter list is a macro)"
		if p != nil {
			what = fmt.Sprintf("the parameter's type %s is not one the checker knows (a typedef or struct of an extern \"C\" kernel)", t.name)
		}
		return 0, 0, fmt.Errorf("%s, so %v cannot be converted: say the C type with a sized Go type: int32(%s) for an int, float32(%s) for a float, int64(%s) for a long long",
			what, a, a.literal(), a.literal(), a.literal())
	}
	return a.rawBits(), a.size, nil // the Go type stands for the C type
}

// bufferArg passes a device buffer for a pointer parameter whose element
// type is t.
func bufferArg(b Buffer, p *paramDecl, t cType) (uint64, int, error) {
	m := b.mem()
	if p != nil && !p.pointer {
		return 0, 0, fmt.Errorf("%s takes a value, not a device buffer (of %s)", t.name, m.elemName)
	}
	if want, ok := bufferTypes[t.goName]; p != nil && ok && t.goName != m.elemName {
		return 0, 0, fmt.Errorf("needs a buffer of %s (%s), got one of %s", t.goName, want, m.elemName)
	}
	ptr, err := m.live()
	if err != nil {
		return 0, 0, err
	}
	return uint64(ptr), 8, nil
}

// rawBits is the value's own bit pattern at its Go type's size.
func (a goArg) rawBits() uint64 {
	switch a.kind {
	case argSigned:
		return uint64(a.i) & mask(a.size)
	case argUnsigned:
		return a.u
	case argFloat:
		if a.size == 4 {
			return uint64(math.Float32bits(float32(a.f)))
		}
		return math.Float64bits(a.f)
	case argBool:
		if a.b {
			return 1
		}
	}
	return 0
}

// mask keeps the low size bytes.
func mask(size int) uint64 {
	if size >= 8 {
		return math.MaxUint64
	}
	return 1<<(8*uint(size)) - 1
}

// integer converts a to the integer type t: an integer in t's range, or a
// float that is a whole number in it.
func (a goArg) integer(t cType) (uint64, error) {
	neg, i, u := false, int64(0), uint64(0) // the value: i if neg, else u
	switch a.kind {
	case argBool:
		return 0, fmt.Errorf("%s takes a number, got %v (pass 1 or 0)", t.name, a)
	case argSigned:
		neg, i, u = a.i < 0, a.i, uint64(a.i)
	case argUnsigned:
		u = a.u
	case argFloat:
		switch f := a.f; {
		case math.IsNaN(f) || math.IsInf(f, 0):
			return 0, fmt.Errorf("%s takes a number an integer holds, got %v", t.name, a)
		case f != math.Trunc(f):
			return 0, fmt.Errorf("%s takes whole numbers, got %v (C would truncate it): round it in Go (math.Round), or declare the parameter float or double", t.name, a)
		case f < -0x1p63 || f >= 0x1p64:
			return 0, a.outOfRange(t, f < 0, 0, 0)
		case f < 0:
			neg, i, u = true, int64(f), uint64(int64(f))
		default:
			u = uint64(f)
		}
	}
	if neg && i < t.lo || !neg && u > t.hi {
		return 0, a.outOfRange(t, neg, i, u)
	}
	return u & mask(t.size), nil
}

// outOfRange says that a does not fit t, and which C type holds it.
func (a goArg) outOfRange(t cType, neg bool, i int64, u uint64) error {
	fix := "declare the parameter double"
	switch {
	case a.kind == argFloat && (a.f < -0x1p63 || a.f >= 0x1p64):
		fix = "no C integer type holds it; " + fix
	case neg && i >= math.MinInt32:
		fix = "declare the parameter int"
	case neg:
		fix = "declare the parameter long long"
	case u <= math.MaxInt32:
		fix = "declare the parameter int"
	case u <= math.MaxUint32:
		fix = "declare the parameter unsigned int"
	case u <= math.MaxInt64:
		fix = "declare the parameter long long"
	default:
		fix = "declare the parameter unsigned long long"
	}
	return fmt.Errorf("%v is out of the range of %s (%d…%d): %s, or pass a value in range", a, t.name, t.lo, t.hi, fix)
}

// float converts a to the floating type t: an integer exactly, a float64
// to a float rounded to nearest as C does, unless it leaves float's range.
func (a goArg) float(t cType) (uint64, error) {
	switch a.kind {
	case argBool:
		return 0, fmt.Errorf("%s takes a number, got %v (pass 1 or 0)", t.name, a)
	case argFloat:
		if t.size == 8 {
			return math.Float64bits(a.f), nil
		}
		f := float32(a.f)
		switch {
		case math.IsInf(float64(f), 0) && !math.IsInf(a.f, 0):
			return 0, fmt.Errorf("%v is beyond float's range (±%.8g): declare the parameter double", a, math.MaxFloat32)
		case f == 0 && a.f != 0:
			return 0, fmt.Errorf("%v is too small for a float (it would become 0): declare the parameter double", a)
		}
		return uint64(math.Float32bits(f)), nil
	}
	var f float64 // the value rounded to t, held exactly
	exact := false
	if a.kind == argSigned {
		f = float64(a.i)
		if t.size == 4 {
			f = float64(float32(a.i))
		}
		exact = f < 0x1p63 && int64(f) == a.i
	} else {
		f = float64(a.u)
		if t.size == 4 {
			f = float64(float32(a.u))
		}
		exact = f < 0x1p64 && uint64(f) == a.u
	}
	goType := "float64"
	if t.size == 4 {
		goType = "float32"
	}
	switch {
	case !exact && t.size == 4:
		return 0, fmt.Errorf("%v is not exactly a float (it would round to %.0f): declare the parameter double, or pass %s(%s) to round it", a, f, goType, a.literal())
	case !exact:
		return 0, fmt.Errorf("%v is not exactly a double (it would round to %.0f): pass %s(%s) to round it", a, f, goType, a.literal())
	case t.size == 4:
		return uint64(math.Float32bits(float32(f))), nil
	}
	return math.Float64bits(f), nil
}
