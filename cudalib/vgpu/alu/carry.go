package alu

import (
	"math/bits"
)

// Extended-precision arithmetic through the condition code's carry flag
// CF, which the caller keeps per thread (FnCC):
//
//	add.cc   d = a + b        CF = carry out
//	addc     d = a + b + CF   (.cc: CF = carry out)
//	sub.cc   d = a - b        CF = borrow out
//	subc     d = a - (b + CF) (.cc: CF = borrow out)
//	mad.cc   d = lo/hi(a*b) + c           CF = carry out
//	madc     d = lo/hi(a*b) + c + CF      (.cc: CF = carry out)
//
// on .u32 .s32 .u64 .s64 (signedness matters only to mad's .hi).

func init() {
	for op, sym := range map[string]byte{"addc": '+', "subc": '-', "madc": '*'} {
		builders[op] = func(m *modList) (Kernel, error) {
			ts := m.types()
			if len(ts) != 1 {
				return Kernel{}, bad("needs one type")
			}
			return buildCarry(m, ts[0], sym, true)
		}
	}
	t := []string{"u32", "s32", "u64", "s64"}
	register("add", []string{"cc"}, t)
	register("sub", []string{"cc"}, t)
	register("addc", []string{"", "cc"}, t)
	register("subc", []string{"", "cc"}, t)
	register("mad", []string{"lo", "hi"}, []string{"cc"}, t)
	register("madc", []string{"lo", "hi"}, []string{"", "cc"}, t)
}

// buildCarry builds op '+', '-' or '*' (mad) of type t with a carry in
// (the ...c opcodes) or not (add.cc and the like, whose .cc the caller
// has taken).
func buildCarry(m *modList, t typ, op byte, in bool) (Kernel, error) {
	mode := ""
	if op == '*' {
		if mode = m.one("lo", "hi"); mode == "" {
			return Kernel{}, bad("needs .lo or .hi")
		}
	}
	out := !in || m.take("cc")
	if t.k != kSigned && t.k != kUnsigned || t.bits < 32 {
		return Kernel{}, bad("carries take .u32 .s32 .u64 .s64")
	}
	w := t.bits
	mk := mask(w)
	// add returns x + y + cin in w bits and the carry out.
	add := func(x, y, cin uint64) (uint64, uint64) {
		if w == 64 {
			return bits.Add64(x, y, cin)
		}
		s := x&mk + y&mk + cin
		return s & mk, s >> w
	}
	lane := func(a, b, c, cf uint64) (uint64, uint64) {
		cin := uint64(0)
		if in {
			cin = cf & 1
		}
		switch op {
		case '+':
			return add(a, b, cin)
		case '-': // a - b - cin = a + ^b + 1 - cin; borrow = !carry
			d, carry := add(a, ^b&mk, 1-cin)
			return d, carry ^ 1
		}
		p := a * b & mk
		if mode == "hi" {
			p = mulHi(t, a, b)
		}
		return add(p, c, cin)
	}
	fn := func(d, a, b, c, cf *Vec, msk uint32) {
		for ; msk != 0; msk &= msk - 1 {
			i := bits.TrailingZeros32(msk) & (Lanes - 1)
			var x uint64
			if c != nil {
				x = c[i]
			}
			r, carry := lane(a[i], b[i], x, cf[i])
			d[i] = r
			if out {
				cf[i] = carry
			}
		}
	}
	srcs := 2
	if op == '*' {
		srcs = 3
	}
	return Kernel{FnCC: fn, Srcs: srcs, CarryIn: in, CarryOut: out}, nil
}
