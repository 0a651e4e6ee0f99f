package cudalib

import (
	"math"
	"strings"
)

// What the argument checker knows of a C type: a kernel parameter's, or the
// element type of a pointer parameter. docs/kernel-arguments.md states the
// rules that use it.

// cKind is what a Go value can become in a C type.
type cKind uint8

const (
	cOpaque cKind = iota // a name the checker cannot see through: a typedef or struct, as the source scanner read it
	cNoGo                // an arithmetic type Go has no values of (__half, long double, __int128)
	cBool
	cInt // an integer type, of the range lo…hi
	cFloat
)

// cType is one C type.
type cType struct {
	name   string // as written or demangled, for messages
	kind   cKind
	size   int    // bytes; 0 when not known
	lo     int64  // cInt: the range
	hi     uint64 //
	goName string // the Go type of the same values ("float32"), "" if none
}

// cTypeOf classifies a C type name: the scanner's reading of a declaration
// (qualifiers and the parameter's name dropped) or a demangled type.
// Integer types are read in any of C's spellings ("long unsigned int");
// the sizes are the LP64 ones CUDA shares with its Linux hosts.
func cTypeOf(name string) cType {
	words := strings.Fields(name)
	if t, ok := cInteger(words); ok {
		t.name = name
		return t
	}
	t, ok := namedCTypes[strings.Join(words, " ")]
	switch {
	case !ok && len(words) == 1 && isVectorType(words[0]):
		return cType{name: name, kind: cNoGo}
	case !ok:
		return cType{name: name, kind: cOpaque}
	}
	t.name = name
	return t
}

// namedCTypes are the C types written as one name, or as words that are
// not all integer keywords, and the typedefs of <stdint.h> and <stddef.h>.
var namedCTypes = map[string]cType{
	"bool":   {kind: cBool, size: 1, goName: "bool"},
	"float":  {kind: cFloat, size: 4, goName: "float32"},
	"double": {kind: cFloat, size: 8, goName: "float64"},

	"int8_t":    signedC(1),
	"int16_t":   signedC(2),
	"int32_t":   signedC(4),
	"int64_t":   signedC(8),
	"intptr_t":  signedC(8),
	"ptrdiff_t": signedC(8),
	"uint8_t":   unsignedC(1),
	"uint16_t":  unsignedC(2),
	"uint32_t":  unsignedC(4),
	"uint64_t":  unsignedC(8),
	"uintptr_t": unsignedC(8),
	"size_t":    unsignedC(8),

	"__half":            {kind: cNoGo, size: 2},
	"half":              {kind: cNoGo, size: 2},
	"_Float16":          {kind: cNoGo, size: 2},
	"__nv_bfloat16":     {kind: cNoGo, size: 2},
	"nv_bfloat16":       {kind: cNoGo, size: 2},
	"long double":       {kind: cNoGo},
	"__float128":        {kind: cNoGo, size: 16},
	"__int128":          {kind: cNoGo, size: 16},
	"unsigned __int128": {kind: cNoGo, size: 16},
	"wchar_t":           {kind: cNoGo, size: 4},
	"char16_t":          {kind: cNoGo, size: 2},
	"char32_t":          {kind: cNoGo, size: 4},
	"decltype(nullptr)": {kind: cNoGo, size: 8},
}

var goInts = map[int][2]string{1: {"int8", "uint8"}, 2: {"int16", "uint16"}, 4: {"int32", "uint32"}, 8: {"int64", "uint64"}}

func signedC(size int) cType {
	bits := 8 * uint(size)
	return cType{kind: cInt, size: size, lo: -1 << (bits - 1), hi: 1<<(bits-1) - 1, goName: goInts[size][0]}
}

func unsignedC(size int) cType {
	hi := uint64(math.MaxUint64)
	if size < 8 {
		hi = 1<<(8*uint(size)) - 1
	}
	return cType{kind: cInt, size: size, hi: hi, goName: goInts[size][1]}
}

// isVectorType says whether name is one of CUDA's vector types: float2,
// int4, dim3...
func isVectorType(name string) bool {
	if name == "dim3" {
		return true
	}
	base := strings.TrimRight(name, "1234")
	if len(name)-len(base) != 1 {
		return false
	}
	switch base {
	case "char", "uchar", "short", "ushort", "int", "uint", "long", "ulong",
		"longlong", "ulonglong", "float", "double":
		return true
	}
	return false
}

// cInteger reads an integer type spelled with C's keywords.
func cInteger(words []string) (cType, bool) {
	var signed, unsigned, char, short, plainInt bool
	long := 0
	for _, w := range words {
		switch w {
		case "signed":
			signed = true
		case "unsigned":
			unsigned = true
		case "char":
			char = true
		case "short":
			short = true
		case "int":
			plainInt = true
		case "long":
			long++
		default:
			return cType{}, false
		}
	}
	size := 4
	switch {
	case len(words) == 0 || signed && unsigned || char && (short || long > 0 || plainInt) || short && long > 0 || long > 2:
		return cType{}, false
	case char:
		size = 1
	case short:
		size = 2
	case long > 0:
		size = 8
	}
	switch {
	case unsigned:
		return unsignedC(size), true
	case char && !signed:
		// Plain char is signed or not as the host compiler has it (signed
		// on x86-64, unsigned on Arm): only 0…127 are the same in both.
		// Its buffers are Uint8s.
		return cType{kind: cInt, size: 1, lo: 0, hi: math.MaxInt8, goName: "uint8"}, true
	}
	return signedC(size), true
}
