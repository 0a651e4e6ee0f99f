package vgpu

import (
	"math/bits"
	"unsafe"
)

// The hot loads and stores: scalar 4- and 8-byte accesses to global and
// shared memory, the bulk of every lab kernel. Each lane's access is
// checked inline (global: against the warp's last allocation; shared:
// against the block's buffer); anything else — another allocation, a
// generic window, a fault — takes the general path of warp.mem.

type word interface{ uint32 | uint64 }

// fastLdSt returns the specialised exec of a decoded ld or st, or nil.
func fastLdSt(in *inst, load bool) func(*warp, *inst, uint32) {
	if in.nvec != 1 || in.base < 0 || (load && in.signed && in.dbits > 8*in.size) {
		return nil
	}
	switch {
	case in.space == spGlobal && in.size == 4:
		return pick(load, ldGlobal[uint32], stGlobal[uint32])
	case in.space == spGlobal && in.size == 8:
		return pick(load, ldGlobal[uint64], stGlobal[uint64])
	case in.space == spShared && in.size == 4:
		return pick(load, ldShared[uint32], stShared[uint32])
	case in.space == spShared && in.size == 8:
		return pick(load, ldShared[uint64], stShared[uint64])
	}
	return nil
}

func pick(load bool, ld, st func(*warp, *inst, uint32)) func(*warp, *inst, uint32) {
	if load {
		return ld
	}
	return st
}

func ldGlobal[T word](w *warp, in *inst, m uint32) {
	f := w.frame
	d, base := &f[in.elems[0]], &f[in.base]
	size := uint64(unsafe.Sizeof(T(0)))
	c := w.cache
	for ; m != 0; m &= m - 1 {
		l := bits.TrailingZeros32(m)
		a := base[l] + in.off
		if o := a - c.addr; a&(size-1) == 0 && o < uint64(len(c.data)) && uint64(len(c.data))-o >= size {
			d[l] = uint64(*(*T)(unsafe.Pointer(&c.data[o])))
			continue
		}
		p := w.mem(in, spGlobal, a, int(size), l, false)
		if p == nil {
			return
		}
		c = w.cache
		d[l] = uint64(*(*T)(unsafe.Pointer(&p[0])))
	}
}

func stGlobal[T word](w *warp, in *inst, m uint32) {
	f := w.frame
	v, base := &f[in.elems[0]], &f[in.base]
	size := uint64(unsafe.Sizeof(T(0)))
	c := w.cache
	for ; m != 0; m &= m - 1 {
		l := bits.TrailingZeros32(m)
		a := base[l] + in.off
		if o := a - c.addr; a&(size-1) == 0 && o < uint64(len(c.data)) && uint64(len(c.data))-o >= size {
			*(*T)(unsafe.Pointer(&c.data[o])) = T(v[l])
			continue
		}
		p := w.mem(in, spGlobal, a, int(size), l, true)
		if p == nil {
			return
		}
		c = w.cache
		*(*T)(unsafe.Pointer(&p[0])) = T(v[l])
	}
}

func ldShared[T word](w *warp, in *inst, m uint32) {
	f := w.frame
	d, base := &f[in.elems[0]], &f[in.base]
	size := uint64(unsafe.Sizeof(T(0)))
	s := w.wk.shared
	for ; m != 0; m &= m - 1 {
		l := bits.TrailingZeros32(m)
		a := base[l] + in.off
		if a&(size-1) == 0 && a < uint64(len(s)) && uint64(len(s))-a >= size {
			d[l] = uint64(*(*T)(unsafe.Pointer(&s[a])))
			continue
		}
		p := w.mem(in, spShared, a, int(size), l, false)
		if p == nil {
			return
		}
		d[l] = uint64(*(*T)(unsafe.Pointer(&p[0])))
	}
}

func stShared[T word](w *warp, in *inst, m uint32) {
	f := w.frame
	v, base := &f[in.elems[0]], &f[in.base]
	size := uint64(unsafe.Sizeof(T(0)))
	s := w.wk.shared
	for ; m != 0; m &= m - 1 {
		l := bits.TrailingZeros32(m)
		a := base[l] + in.off
		if a&(size-1) == 0 && a < uint64(len(s)) && uint64(len(s))-a >= size {
			*(*T)(unsafe.Pointer(&s[a])) = T(v[l])
			continue
		}
		p := w.mem(in, spShared, a, int(size), l, true)
		if p == nil {
			return
		}
		*(*T)(unsafe.Pointer(&p[0])) = T(v[l])
	}
}
