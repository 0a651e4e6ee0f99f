package alu

import (
	"errors"
	"fmt"
	"sort"
	"strings"
)

// ErrNotPTX and ErrNotImplemented classify Lookup's errors (errors.Is):
// an instruction PTX does not define, and one it defines that this
// package does not compute.
var (
	ErrNotPTX         = errors.New("is not a PTX instruction")
	ErrNotImplemented = errors.New("is not implemented")
)

// Lookup returns the Kernel of the instruction op with modifiers mods, as
// the PTX parser gives them ("mul", ["wide" "s32"]). It is meant to be
// called once per instruction when a program is decoded; the returned Fn
// is then called per executed warp-instruction and never allocates.
//
// What stays the caller's: a negated predicate source ("!%p" in setp's
// boolean form) arrives already negated; setp's second
// destination ("p|q") is unseen here; an immediate (lop3's LUT) comes as
// a Vec like a register; and a result narrower than its destination
// register (cvt.s8.s32 into a .b16) is extended to the register by the
// caller, as PTX's relaxed type rules say (sign-extended for signed
// types). The error for an unknown instruction wraps ErrNotPTX or
// ErrNotImplemented and names it: "alu: mul.hi.f32 is not a PTX
// instruction".
func Lookup(op string, mods []string) (Kernel, error) {
	b, ok := builders[op]
	switch {
	case !ok && otherOps[op]:
		return Kernel{}, spell(op, mods, ErrNotImplemented)
	case !ok:
		return Kernel{}, spell(op, mods, ErrNotPTX)
	case len(mods) > 16:
		return Kernel{}, spell(op, mods, bad("too many modifiers"))
	}
	m := &modList{words: mods}
	k, err := b(m)
	if err != nil {
		return Kernel{}, spell(op, mods, err)
	}
	if left := m.left(); left != "" {
		return Kernel{}, spell(op, mods, fmt.Errorf("%w (.%s does not apply)", ErrNotPTX, left))
	}
	return k, nil
}

// lookupError names the instruction in a Lookup error.
type lookupError struct {
	name string
	err  error
}

func (e *lookupError) Error() string { return "alu: " + e.name + " " + e.err.Error() }
func (e *lookupError) Unwrap() error { return e.err }

func spell(op string, mods []string, err error) error {
	name := op
	if len(mods) > 0 {
		name += "." + strings.Join(mods, ".")
	}
	if errors.Is(err, ErrNotPTX) {
		// A modifier PTX defines but this package lacks (most f16x2 and
		// bf16 instructions, …) makes an otherwise sound spelling
		// unimplemented, not invalid.
		for _, w := range mods {
			if unimplementedMods[w] {
				err = fmt.Errorf("%w (.%s)", ErrNotImplemented, w)
				break
			}
		}
	}
	return &lookupError{name: name, err: err}
}

// unimplementedMods are PTX modifiers of the implemented opcodes with
// variants this package does not compute (it does some f16 and bf16 ones).
var unimplementedMods = map[string]bool{
	"f16x2": true, "bf16": true, "bf16x2": true, "relu": true,
	"satfinite": true, "xorsign": true, "abs": true,
	"u16x2": true, "s16x2": true,
	"oob": true, "tf32": true, "e4m3x2": true, "e5m2x2": true, "rna": true,
	"rs": true, "f8x2": true, "e2m1x2": true, "ue8m0x2": true, "s2f6x2": true,
	"e2m3x2": true, "e3m2x2": true, "u8x4": true, "s8x4": true,
}

// otherOps are PTX opcodes outside this package: data movement, control
// flow, synchronization (the virtual GPU's own) and arithmetic not done.
var otherOps = map[string]bool{
	"mov": true, "ld": true, "st": true, "ldu": true, "atom": true, "red": true,
	"cvta": true, "bra": true, "ret": true, "exit": true, "call": true,
	"bar": true, "barrier": true, "membar": true, "fence": true, "shfl": true,
	"vote": true, "match": true, "activemask": true, "redux": true,
	"isspacep": true, "prefetch": true,
	"prefetchu": true, "trap": true, "brkpt": true, "nanosleep": true,
	"mma": true, "wmma": true, "ldmatrix": true, "stmatrix": true, "cp": true,
	"tex": true, "tld4": true, "suld": true, "sust": true,
	"alloca": true, "stacksave": true, "stackrestore": true, "elect": true,
	"istypep": true, "pmevent": true, "vadd": true, "vsub": true, "vmad": true,
	"vabsdiff": true, "vmin": true, "vmax": true, "vshl": true, "vshr": true,
	"vset": true, "vadd2": true, "vadd4": true, "vsub2": true, "vsub4": true,
	"vavrg2": true, "vavrg4": true, "vabsdiff2": true, "vabsdiff4": true,
	"vmin2": true, "vmin4": true, "vmax2": true, "vmax4": true, "vset2": true,
	"vset4": true, "mapa": true, "getctarank": true, "griddepcontrol": true,
	"setmaxnreg": true, "mbarrier": true, "multimem": true, "discard": true,
	"applypriority": true, "createpolicy": true, "clusterlaunchcontrol": true,
	"tcgen05": true, "tensormap": true, "wgmma": true, "movmatrix": true,
}

// builders maps an opcode to the function that reads its modifiers and
// picks the Fn. Filled by init functions beside each family.
var builders = map[string]func(*modList) (Kernel, error){}

// Ops lists every op.mods spelling Lookup accepts, sorted.
func Ops() []string {
	out := make([]string, 0, len(spellings))
	for s := range spellings {
		out = append(out, s)
	}
	sort.Strings(out)
	return out
}

// spellings is the set Ops reports; families register theirs at init.
var spellings = map[string]bool{}

// register records the spellings op.m for every m in the cross product of
// the modifier groups (a group entry "" means the modifier is optional).
func register(op string, groups ...[]string) {
	names := []string{op}
	for _, g := range groups {
		var next []string
		for _, n := range names {
			for _, w := range g {
				if w == "" {
					next = append(next, n)
				} else {
					next = append(next, n+"."+w)
				}
			}
		}
		names = next
	}
	for _, n := range names {
		spellings[n] = true
	}
}

// modList hands an instruction's modifiers to its builder one by one; what
// the builder does not take is an error.
type modList struct {
	words []string
	used  uint64 // bit i: words[i] taken
}

// take consumes modifier w if present.
func (m *modList) take(w string) bool {
	for i, x := range m.words {
		if x == w && m.used&(1<<i) == 0 {
			m.used |= 1 << i
			return true
		}
	}
	return false
}

// one consumes the first present modifier among ws and returns it, or "".
func (m *modList) one(ws ...string) string {
	for i, x := range m.words {
		if m.used&(1<<i) != 0 {
			continue
		}
		for _, w := range ws {
			if x == w {
				m.used |= 1 << i
				return w
			}
		}
	}
	return ""
}

// types consumes the type modifiers, in order.
func (m *modList) types() []typ {
	var ts []typ
	for i, x := range m.words {
		if t, ok := typeNames[x]; ok && m.used&(1<<i) == 0 {
			m.used |= 1 << i
			ts = append(ts, t)
		}
	}
	return ts
}

// typ1 consumes exactly one type modifier.
func (m *modList) typ1() (typ, error) {
	ts := m.types()
	if len(ts) != 1 {
		return typ{}, fmt.Errorf("%w (needs one type)", ErrNotPTX)
	}
	return ts[0], nil
}

// left returns the first modifier not consumed, or "".
func (m *modList) left() string {
	for i, x := range m.words {
		if m.used&(1<<i) == 0 {
			return x
		}
	}
	return ""
}

// kind is a PTX fundamental type's family.
type kind uint8

const (
	kBits kind = iota
	kUnsigned
	kSigned
	kFloat
	kPred
	kBF16   // bfloat16
	kF16x2  // two f16 in a .b32
	kBF16x2 // two bf16 in a .b32
)

// typ is a PTX fundamental type: .s32 is {kSigned, 32}.
type typ struct {
	k    kind
	bits uint
}

var typeNames = map[string]typ{
	"b8": {kBits, 8}, "b16": {kBits, 16}, "b32": {kBits, 32}, "b64": {kBits, 64},
	"u8": {kUnsigned, 8}, "u16": {kUnsigned, 16}, "u32": {kUnsigned, 32}, "u64": {kUnsigned, 64},
	"s8": {kSigned, 8}, "s16": {kSigned, 16}, "s32": {kSigned, 32}, "s64": {kSigned, 64},
	"f16": {kFloat, 16}, "f32": {kFloat, 32}, "f64": {kFloat, 64},
	"bf16": {kBF16, 16}, "f16x2": {kF16x2, 32}, "bf16x2": {kBF16x2, 32},
	"pred": {kPred, 1},
}

func bad(detail string) error { return fmt.Errorf("%w (%s)", ErrNotPTX, detail) }

func notImpl(detail string) error { return fmt.Errorf("%w (%s)", ErrNotImplemented, detail) }

// mask returns the low-bits mask of an n-bit type.
func mask(n uint) uint64 {
	if n >= 64 {
		return ^uint64(0)
	}
	return 1<<n - 1
}

// sext sign-extends the low n bits of x.
func sext(x uint64, n uint) int64 {
	s := 64 - n
	return int64(x<<s) >> s
}
