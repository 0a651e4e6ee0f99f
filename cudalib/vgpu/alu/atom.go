package alu

import "math"

// The arithmetic of the float atomics, for the virtual GPU's memory
// operations (atom.add.f32 and .f64, red.add): scalar, as an atomic
// updates one word at a time.

// AtomAddF32 is the f32 that atom.add.f32 stores: old + b rounded to
// nearest, a NaN result the canonical 0x7FFFFFFF. ftz: subnormal operands
// and results are flushed, as PTX says atom.add.f32 does; measured on
// H100, that holds in global memory but not in shared memory.
func AtomAddF32(old, b uint32, ftz bool) uint32 {
	f := fmods{ftz: ftz}
	x, y := in32(uint64(old), ftz), in32(uint64(b), ftz)
	s, e := twoSum(x, y)
	return uint32(f.out32(s, sgn(e)))
}

// AtomAddF64 is the f64 that atom.add.f64 stores in global memory: old +
// b rounded to nearest; a NaN operand is the result unchanged, not made
// quiet, b's before old's (measured on H100).
func AtomAddF64(old, b uint64) uint64 {
	switch {
	case isNaN64(b):
		return b
	case isNaN64(old):
		return old
	}
	return out64(math.Float64frombits(old)+math.Float64frombits(b), old, b, 0)
}

// AtomAddF64Shared is the f64 that atom.add.f64 stores in shared memory:
// add.f64(old, b), so a NaN result is old's NaN before b's (measured on
// H100, unlike global memory), made quiet as add.f64 makes it (assumed:
// no signalling NaN was measured there).
func AtomAddF64Shared(old, b uint64) uint64 {
	return out64(math.Float64frombits(old)+math.Float64frombits(b), old, b, 0)
}
