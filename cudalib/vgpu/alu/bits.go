package alu

import (
	"math/bits"
)

// Bitwise instructions: and or xor not cnot (also on predicates), shl shr
// shf, lop3, popc clz brev bfind bfe bfi prmt.

func init() {
	for _, op := range []string{"and", "or", "xor", "not"} {
		builders[op] = func(m *modList) (Kernel, error) { return buildLogic(m, op) }
		register(op, []string{"pred", "b16", "b32", "b64"})
	}
	builders["cnot"] = buildCnot
	builders["shl"] = func(m *modList) (Kernel, error) { return buildShift(m, true) }
	builders["shr"] = func(m *modList) (Kernel, error) { return buildShift(m, false) }
	builders["shf"] = buildShf
	builders["lop3"] = buildLop3
	builders["popc"] = func(m *modList) (Kernel, error) { return buildCount(m, "popc") }
	builders["clz"] = func(m *modList) (Kernel, error) { return buildCount(m, "clz") }
	builders["brev"] = func(m *modList) (Kernel, error) { return buildCount(m, "brev") }
	builders["bfind"] = buildBfind
	builders["bfe"] = buildBfe
	builders["bfi"] = buildBfi
	builders["prmt"] = buildPrmt
	builders["bmsk"] = buildBmsk
	builders["szext"] = buildSzext
	builders["fns"] = buildFns

	b := []string{"b16", "b32", "b64"}
	register("cnot", b)
	register("shl", b)
	register("shr", []string{"b16", "b32", "b64", "u16", "u32", "u64", "s16", "s32", "s64"})
	register("shf", []string{"l", "r"}, []string{"clamp", "wrap"}, []string{"b32"})
	register("lop3", []string{"b32"})
	for _, op := range []string{"popc", "clz", "brev"} {
		register(op, []string{"b32", "b64"})
	}
	register("bfind", []string{"", "shiftamt"}, []string{"u32", "u64", "s32", "s64"})
	register("bfe", []string{"u32", "u64", "s32", "s64"})
	register("bfi", []string{"b32", "b64"})
	register("prmt", []string{"b32"}, []string{"", "f4e", "b4e", "rc8", "ecl", "ecr", "rc16"})
	register("bmsk", []string{"clamp", "wrap"}, []string{"b32"})
	register("szext", []string{"clamp", "wrap"}, []string{"u32", "s32"})
	register("fns", []string{"b32"})
}

// bitType consumes one .bN type (or .pred when pred) and returns its width.
func bitType(m *modList, pred bool, widths ...uint) (uint, error) {
	t, err := m.typ1()
	if err != nil {
		return 0, err
	}
	if t.k == kPred && pred {
		return 1, nil
	}
	if t.k == kBits {
		for _, w := range widths {
			if t.bits == w {
				return w, nil
			}
		}
	}
	return 0, bad("type")
}

// buildLogic: and, or, xor, not; a predicate is a one-bit value.
func buildLogic(m *modList, op string) (Kernel, error) {
	w, err := bitType(m, true, 16, 32, 64)
	if err != nil {
		return Kernel{}, err
	}
	mk := mask(w)
	switch op {
	case "and":
		return k2(func(a, b uint64) uint64 { return a & b & mk }), nil
	case "or":
		return k2(func(a, b uint64) uint64 { return (a | b) & mk }), nil
	case "xor":
		return k2(func(a, b uint64) uint64 { return (a ^ b) & mk }), nil
	}
	return k1(func(a uint64) uint64 { return ^a & mk }), nil
}

// buildCnot: d = a == 0 ? 1 : 0.
func buildCnot(m *modList) (Kernel, error) {
	w, err := bitType(m, false, 16, 32, 64)
	if err != nil {
		return Kernel{}, err
	}
	mk := mask(w)
	return k1(func(a uint64) uint64 { return b2u(a&mk == 0) }), nil
}

// buildShift: the amount b is an unsigned 32-bit value; amounts of the
// width or more shift everything out (shr.sN fills with the sign bit).
func buildShift(m *modList, left bool) (Kernel, error) {
	t, err := m.typ1()
	if err != nil {
		return Kernel{}, err
	}
	if t.k == kPred || t.k == kFloat || t.bits < 16 || left && t.k != kBits {
		return Kernel{}, bad("type")
	}
	n, mk := t.bits, mask(t.bits)
	switch {
	case left:
		return k2(func(a, b uint64) uint64 { return a << min(uint32(b), 64) & mk }), nil
	case t.k == kSigned:
		return k2(func(a, b uint64) uint64 {
			return uint64(sext(a, n)>>min(uint32(b), 63)) & mk
		}), nil
	}
	return k2(func(a, b uint64) uint64 { return (a & mk) >> min(uint32(b), 64) }), nil
}

// buildShf: funnel shift of the 64-bit b:a by c (.clamp: min(c, 32);
// .wrap: c mod 32); shf.l keeps the high word, shf.r the low.
func buildShf(m *modList) (Kernel, error) {
	dir := m.one("l", "r")
	clamp := m.one("clamp", "wrap")
	if dir == "" || clamp == "" {
		return Kernel{}, bad("needs .l or .r and .clamp or .wrap")
	}
	if _, err := bitType(m, false, 32); err != nil {
		return Kernel{}, err
	}
	amount := func(c uint64) uint32 { return uint32(c) & 31 }
	if clamp == "clamp" {
		amount = func(c uint64) uint32 { return min(uint32(c), 32) }
	}
	if dir == "l" {
		return k3(func(a, b, c uint64) uint64 {
			return uint64(uint32((b<<32 | a&0xFFFFFFFF) << amount(c) >> 32))
		}), nil
	}
	return k3(func(a, b, c uint64) uint64 {
		return uint64(uint32((b<<32 | a&0xFFFFFFFF) >> amount(c)))
	}), nil
}

// buildLop3: d = LUT(a, b, c) bit by bit, the LUT being the immediate
// fourth operand: bit i of the result is bit (a_i<<2 | b_i<<1 | c_i) of
// it, so 0xF0, 0xCC, 0xAA stand for a, b, c.
func buildLop3(m *modList) (Kernel, error) {
	if _, err := bitType(m, false, 32); err != nil {
		return Kernel{}, err
	}
	return Kernel{Srcs: 4, Fn4: map4(lop3)}, nil
}

func lop3(a, b, c, lut uint64) uint64 {
	var d uint64
	for i := uint(0); i < 8; i++ {
		if lut>>i&1 == 0 {
			continue
		}
		x, y, z := a, b, c // the minterm i: a, b, c as bits 2, 1, 0 of i
		if i&4 == 0 {
			x = ^a
		}
		if i&2 == 0 {
			y = ^b
		}
		if i&1 == 0 {
			z = ^c
		}
		d |= x & y & z
	}
	return d & 0xFFFFFFFF
}

// buildCount: popc and clz give a .u32 count; brev reverses the bits.
func buildCount(m *modList, op string) (Kernel, error) {
	w, err := bitType(m, false, 32, 64)
	if err != nil {
		return Kernel{}, err
	}
	mk := mask(w)
	switch op {
	case "popc":
		return k1(func(a uint64) uint64 { return uint64(bits.OnesCount64(a & mk)) }), nil
	case "clz":
		return k1(func(a uint64) uint64 { return uint64(bits.LeadingZeros64(a&mk)) - uint64(64-w) }), nil
	}
	return k1(func(a uint64) uint64 { return bits.Reverse64(a) >> (64 - w) }), nil
}

// buildBfind: the position of the most significant non-sign bit
// (for a negative signed value, the highest 0), 0xFFFFFFFF if none;
// .shiftamt gives width-1-position instead.
func buildBfind(m *modList) (Kernel, error) {
	shiftamt := m.take("shiftamt")
	t, err := intType(m)
	if err != nil || t.bits < 32 {
		return Kernel{}, bad("bfind takes .u32 .u64 .s32 .s64")
	}
	return k1(func(a uint64) uint64 {
		x := a & mask(t.bits)
		if t.k == kSigned && sext(a, t.bits) < 0 {
			x = ^x & mask(t.bits)
		}
		if x == 0 {
			return 0xFFFFFFFF
		}
		pos := uint64(bits.Len64(x) - 1)
		if shiftamt {
			return uint64(t.bits) - 1 - pos
		}
		return pos
	}), nil
}

// buildBfe: extract len = c&0xFF bits from pos = b&0xFF; bits beyond the
// msb of a, and the padding above len, are the field's sign bit (a[min(pos
// +len-1, msb)] for .sN with len > 0), zero for .uN.
func buildBfe(m *modList) (Kernel, error) {
	t, err := intType(m)
	if err != nil || t.bits < 32 {
		return Kernel{}, bad("bfe takes .u32 .u64 .s32 .s64")
	}
	w := uint64(t.bits)
	mk := mask(t.bits)
	return k3(func(a, b, c uint64) uint64 {
		pos, n := b&0xFF, c&0xFF
		if n == 0 {
			return 0
		}
		var field uint64
		if pos < w {
			field = (a & mk) >> pos
		}
		got := min(n, w-min(pos, w)) // bits actually taken from a
		if got < 64 {
			field &= 1<<got - 1
		}
		if t.k == kUnsigned {
			return field
		}
		sbit := a >> min(pos+n-1, w-1) & 1
		if sbit == 1 && got < w {
			field |= ^uint64(0) << got
		}
		return field & mk
	}), nil
}

// buildBfi: insert the low len = e&0xFF bits of a into b at pos = c&0xFF;
// bits past the msb are dropped; len 0 or pos past the msb gives b.
func buildBfi(m *modList) (Kernel, error) {
	w, err := bitType(m, false, 32, 64)
	if err != nil {
		return Kernel{}, err
	}
	mk := mask(w)
	return Kernel{Srcs: 4, Fn4: map4(func(a, b, c, e uint64) uint64 {
		pos, n := c&0xFF, e&0xFF
		if n == 0 || pos >= uint64(w) {
			return b & mk
		}
		field := mask(uint(min(n, 64))) << pos & mk
		return (b&^field | a<<pos&field) & mk
	})}, nil
}

// prmtModes gives, for each mode and selector c&3, the source bytes (of
// b:a, 0..7) of result bytes 0..3.
var prmtModes = map[string][4][4]uint8{
	"f4e":  {{0, 1, 2, 3}, {1, 2, 3, 4}, {2, 3, 4, 5}, {3, 4, 5, 6}},
	"b4e":  {{0, 7, 6, 5}, {1, 0, 7, 6}, {2, 1, 0, 7}, {3, 2, 1, 0}},
	"rc8":  {{0, 0, 0, 0}, {1, 1, 1, 1}, {2, 2, 2, 2}, {3, 3, 3, 3}},
	"ecl":  {{0, 1, 2, 3}, {1, 1, 2, 3}, {2, 2, 2, 3}, {3, 3, 3, 3}},
	"ecr":  {{0, 0, 0, 0}, {0, 1, 1, 1}, {0, 1, 2, 2}, {0, 1, 2, 3}},
	"rc16": {{0, 1, 0, 1}, {2, 3, 2, 3}, {0, 1, 0, 1}, {2, 3, 2, 3}},
}

// buildPrmt: pick four bytes of the 8-byte b:a. Without a mode each
// result byte has a 4-bit selector in c (bits 4i+3..4i): the low 3 bits
// pick the byte, the top bit replicates its sign bit instead; a mode
// takes a table row by c&3.
func buildPrmt(m *modList) (Kernel, error) {
	if _, err := bitType(m, false, 32); err != nil {
		return Kernel{}, err
	}
	mode := m.one("f4e", "b4e", "rc8", "ecl", "ecr", "rc16")
	if mode == "" {
		return k3(func(a, b, c uint64) uint64 {
			src := b<<32 | a&0xFFFFFFFF
			var d uint64
			for i := uint(0); i < 4; i++ {
				sel := c >> (4 * i) & 0xF
				byt := src >> (8 * (sel & 7)) & 0xFF
				if sel&8 != 0 {
					byt = 0xFF * (byt >> 7)
				}
				d |= byt << (8 * i)
			}
			return d
		}), nil
	}
	table := prmtModes[mode]
	return k3(func(a, b, c uint64) uint64 {
		src := b<<32 | a&0xFFFFFFFF
		var d uint64
		for i, s := range table[c&3] {
			d |= (src >> (8 * s) & 0xFF) << (8 * i)
		}
		return d
	}), nil
}

// buildBmsk: a mask of b ones starting at bit a. .wrap takes a and b mod
// 32; .clamp makes a >= 32 an empty mask and b >= 32 a mask up to bit 31.
// (With .wrap, a width b&31 of 0 is empty; a mask reaching past bit 31
// stops there.)
func buildBmsk(m *modList) (Kernel, error) {
	mode := m.one("clamp", "wrap")
	if mode == "" {
		return Kernel{}, bad("needs .clamp or .wrap")
	}
	if _, err := bitType(m, false, 32); err != nil {
		return Kernel{}, err
	}
	clamp := mode == "clamp"
	return k2(func(a, b uint64) uint64 {
		a, b = a&0xFFFFFFFF, b&0xFFFFFFFF
		pos, width := a&31, b&31
		if clamp && a >= 32 {
			return 0
		}
		low := uint64(0xFFFFFFFF) << pos & 0xFFFFFFFF // bits from pos up
		if pos+width >= 32 || clamp && b >= 32 {
			return low
		}
		return low &^ (0xFFFFFFFF << (pos + width))
	}), nil
}

// buildSzext: extend the low N = b bits of a (.s32: by their top bit,
// .u32: with zeros) to 32 bits; N = 0 gives 0; N >= 32 keeps a under
// .clamp and means N mod 32 under .wrap.
func buildSzext(m *modList) (Kernel, error) {
	mode := m.one("clamp", "wrap")
	if mode == "" {
		return Kernel{}, bad("needs .clamp or .wrap")
	}
	t, err := intType(m)
	if err != nil || t.bits != 32 {
		return Kernel{}, bad("szext takes .u32 or .s32")
	}
	clamp, signed := mode == "clamp", t.k == kSigned
	return k2(func(a, b uint64) uint64 {
		a, b = a&0xFFFFFFFF, b&0xFFFFFFFF
		if clamp && b >= 32 {
			return a
		}
		n := b & 31
		if n == 0 {
			return 0
		}
		if signed {
			return uint64(uint32(sext(a, uint(n))))
		}
		return a & (1<<n - 1)
	}), nil
}

// buildFns: the position of the |offset|-th set bit of mask counting from
// bit base upward (offset > 0) or downward (< 0), base included; offset 0
// tests bit base itself. 0xFFFFFFFF when there is none.
func buildFns(m *modList) (Kernel, error) {
	if _, err := bitType(m, false, 32); err != nil {
		return Kernel{}, err
	}
	return k3(func(mk, base, offset uint64) uint64 {
		b, off := uint32(base), int32(offset)
		if b > 31 {
			return 0xFFFFFFFF // PTX leaves it undefined
		}
		if off == 0 {
			if mk>>b&1 == 1 {
				return uint64(b)
			}
			return 0xFFFFFFFF
		}
		// Keep the bits from base on, in the direction of the search,
		// and take the n-th of them.
		n := int(off)
		var bitsFrom uint32
		if n > 0 {
			bitsFrom = uint32(mk) >> b << b
		} else {
			n = -n
			bitsFrom = uint32(mk) << (31 - b) >> (31 - b)
		}
		if bits.OnesCount32(bitsFrom) < n {
			return 0xFFFFFFFF
		}
		for i := 1; i < n; i++ { // drop the nearer ones
			if off > 0 {
				bitsFrom &= bitsFrom - 1
			} else {
				bitsFrom &^= 1 << (31 - bits.LeadingZeros32(bitsFrom))
			}
		}
		if off > 0 {
			return uint64(bits.TrailingZeros32(bitsFrom))
		}
		return uint64(31 - bits.LeadingZeros32(bitsFrom))
	}), nil
}
