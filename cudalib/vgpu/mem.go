package vgpu

import (
	"encoding/binary"
	"fmt"
	"math/bits"

	"github.com/culab/culab/cudalib/ptx"
)

// instrSpace is the state space an instruction names; spGeneric if none.
func instrSpace(mods []string) space {
	for _, m := range mods {
		switch {
		case m == "global", m == "const":
			return spGlobal
		case m == "local":
			return spLocal
		case m == "param":
			return spParam
		case len(m) >= 6 && m[:6] == "shared":
			return spShared
		}
	}
	return spGeneric
}

// decodeAddr resolves "[base+off]" for an access in space sp.
func (d *fdec) decodeAddr(o ptx.Operand, sp space, out *inst) error {
	if o.Kind != ptx.Addr {
		return d.unsupported("expected an address, got %s", operandString(o))
	}
	out.space, out.off = sp, uint64(o.Int)
	if o.Name == "" {
		return nil
	}
	if r, ok := d.reg(o.Name); ok {
		out.base = r
		if sp == spParam && !d.f.Entry {
			// A .func's parameters live in its local frame: the address
			// mov gives for one is a local address.
			out.space = spLocal
		}
		return nil
	}
	v := d.lookupVar(o.Name)
	if v == nil {
		return d.unsupported("unknown variable %s", o.Name)
	}
	vs, addr, err := d.varAddr(v)
	if err != nil {
		return err
	}
	if vs == spLocal {
		vs = spFrame
	}
	out.space = vs
	out.off += addr
	return nil
}

func (d *fdec) decodeLdSt(in *ptx.Instr, out *inst, load bool) error {
	// A third operand is the cache policy of .L2::cache_hint: ignored.
	if len(in.Operands) != 2 && !(len(in.Operands) == 3 && hasMod(in.Mods, "L2::cache_hint")) {
		return d.unsupported("%s takes two operands", in.Op)
	}
	typ := mainType(in.Mods)
	size := typeSize(typ)
	if size == 0 || size > 8 {
		return d.unsupported("unsupported type %q", typ)
	}
	out.size, out.nvec = uint8(size), 1
	if hasMod(in.Mods, "v2") {
		out.nvec = 2
	} else if hasMod(in.Mods, "v4") {
		out.nvec = 4
	} else if hasMod(in.Mods, "v8") {
		return d.unsupported(".v8 accesses")
	}
	out.signed = typ[0] == 's'
	addrOp, valOp := in.Operands[1], in.Operands[0]
	if !load {
		addrOp, valOp = in.Operands[0], in.Operands[1]
	}
	if err := d.decodeAddr(addrOp, instrSpace(in.Mods), out); err != nil {
		return err
	}
	out.elemsDef = load
	vals := []ptx.Operand{valOp}
	if valOp.Kind == ptx.Vec {
		vals = valOp.Elems
	}
	if len(vals) != int(out.nvec) {
		return d.unsupported("%d values for a .v%d access", len(vals), out.nvec)
	}
	var pre []inst
	for i, v := range vals {
		var err error
		if load {
			out.elems[i], err = d.dst(v)
		} else {
			out.elems[i], err = d.src(v, typ, &pre)
		}
		if err != nil {
			return err
		}
	}
	if len(pre) > 0 {
		return d.unsupported("store of a computed value")
	}
	out.dbits = 64
	if load && out.elems[0] < int32(len(d.bits)) {
		out.dbits = d.bits[out.elems[0]]
		if out.dbits == 1 {
			out.dbits = 8
		}
	}
	switch {
	case !load && out.space == spParam:
		return d.unsupported("store to a kernel parameter")
	case load && out.space == spParam && out.base < 0:
		if out.off+uint64(size)*uint64(out.nvec) > uint64(d.kd.k.paramBytes) {
			return d.unsupported("load past the kernel's parameters")
		}
		out.exec = execLdParam
	case load:
		out.exec = execLd
	default:
		out.exec = execSt
	}
	if out.base < 0 && (out.space == spGlobal || out.space == spShared) {
		out.base = d.imm(0) // [var+off]: the fast paths add a base row
	}
	if fast := fastLdSt(out, load); fast != nil {
		out.exec = fast
	}
	return nil
}

// fault kinds.
const (
	reasonBounds     = "out-of-bounds access"
	reasonMisaligned = "misaligned access"
)

// mem returns the n bytes at addr in space sp for lane l, or nil after
// raising a fault.
func (w *warp) mem(in *inst, sp space, addr uint64, n int, l int, write bool) []byte {
	p, bad := w.locate(sp, addr, n, l, write)
	if bad != nil {
		w.raiseMem(in, l, bad.reason, bad.space, bad.addr, n, bad.nearest)
	}
	return p
}

// badAccess says why an access has no memory: reason is reasonBounds,
// reasonMisaligned or another fault's text; addr is in its space.
type badAccess struct {
	reason  string
	space   space
	addr    uint64
	nearest string
}

// locate returns the n bytes at addr in space sp for lane l, or why there
// are none. A global access leaves its allocation in w.cache.
func (w *warp) locate(sp space, addr uint64, n int, l int, write bool) ([]byte, *badAccess) {
	if addr&uint64(n-1) != 0 && n&(n-1) == 0 {
		return nil, &badAccess{reasonMisaligned, sp, addr, ""}
	}
	if sp == spGeneric {
		sp = genericSpace(addr)
	}
	switch sp {
	case spGlobal:
		c := w.cache
		if o := addr - c.addr; o < uint64(len(c.data)) && uint64(len(c.data))-o >= uint64(n) {
			return c.data[o : o+uint64(n)], nil
		}
		a := w.wk.st.table.find(addr, n)
		if a == nil {
			return nil, &badAccess{reasonBounds, sp, addr, w.wk.st.table.nearest(addr, n)}
		}
		w.cache = a
		o := addr - a.addr
		return a.data[o : o+uint64(n)], nil
	case spShared:
		if addr >= sharedWindow && int64(addr) >= 0 { // a negative offset stays one
			addr -= sharedWindow
		}
		s := w.wk.shared
		if addr < uint64(len(s)) && uint64(len(s))-addr >= uint64(n) {
			return s[addr : addr+uint64(n)], nil
		}
		return nil, &badAccess{reasonBounds, sp, addr, windowDesc(addr, n, len(s), "shared memory of the block")}
	case spFrame, spLocal:
		if sp == spFrame {
			addr += w.localBase
		} else if addr >= localWindow && int64(addr) >= 0 {
			addr -= localWindow
		}
		if addr < w.localTop && w.localTop-addr >= uint64(n) {
			return w.local[l][addr : addr+uint64(n)], nil
		}
		return nil, &badAccess{reasonBounds, spLocal, addr, windowDesc(addr, n, int(w.localTop), "local memory of the thread")}
	case spParam:
		if addr >= paramWindow {
			addr -= paramWindow
		}
		p := w.wk.st.params
		if write {
			return nil, &badAccess{"write to a kernel parameter", sp, addr, ""}
		}
		if addr < uint64(len(p)) && uint64(len(p))-addr >= uint64(n) {
			return p[addr : addr+uint64(n)], nil
		}
		return nil, &badAccess{reasonBounds, sp, addr, windowDesc(addr, n, len(p), "kernel parameters")}
	}
	return nil, &badAccess{reasonBounds, sp, addr, ""}
}

func windowDesc(addr uint64, n, size int, what string) string {
	if off := int64(addr); off < 0 { // s[i - 1] at i = 0
		return fmt.Sprintf("%d bytes before the start of the %d-byte %s", -off, size, what)
	}
	return fmt.Sprintf("%d bytes past the end of the %d-byte %s", addr+uint64(n)-uint64(size), size, what)
}

func (w *warp) raiseMem(in *inst, l int, reason string, sp space, addr uint64, n int, nearest string) {
	w.raise(in, 1<<l, reason, nearest, sp.String(), addr, n)
}

// load reads a little-endian value of size bytes, sign-extended to bits
// when signed.
func load(p []byte, size int, signed bool, dbits uint8) uint64 {
	var v uint64
	switch size {
	case 1:
		v = uint64(p[0])
	case 2:
		v = uint64(binary.LittleEndian.Uint16(p))
	case 4:
		v = uint64(binary.LittleEndian.Uint32(p))
	default:
		return binary.LittleEndian.Uint64(p)
	}
	if signed && uint(size*8) < uint(dbits) {
		sh := 64 - uint(size*8)
		v = uint64(int64(v<<sh)>>sh) & (^uint64(0) >> (64 - uint(dbits)))
	}
	return v
}

func store(p []byte, size int, v uint64) {
	switch size {
	case 1:
		p[0] = byte(v)
	case 2:
		binary.LittleEndian.PutUint16(p, uint16(v))
	case 4:
		binary.LittleEndian.PutUint32(p, uint32(v))
	default:
		binary.LittleEndian.PutUint64(p, v)
	}
}

func execLd(w *warp, in *inst, m uint32) {
	f := w.frame
	size := int(in.size)
	n := size * int(in.nvec)
	for ; m != 0; m &= m - 1 {
		l := bits.TrailingZeros32(m)
		addr := in.off
		if in.base >= 0 {
			addr += f[in.base][l]
		}
		p := w.mem(in, in.space, addr, n, l, false)
		if p == nil {
			return
		}
		for e := 0; e < int(in.nvec); e++ {
			f[in.elems[e]][l] = load(p[e*size:], size, in.signed, in.dbits)
		}
	}
}

func execSt(w *warp, in *inst, m uint32) {
	f := w.frame
	size := int(in.size)
	n := size * int(in.nvec)
	for ; m != 0; m &= m - 1 {
		l := bits.TrailingZeros32(m)
		addr := in.off
		if in.base >= 0 {
			addr += f[in.base][l]
		}
		p := w.mem(in, in.space, addr, n, l, true)
		if p == nil {
			return
		}
		for e := 0; e < int(in.nvec); e++ {
			store(p[e*size:], size, f[in.elems[e]][l])
		}
	}
}

// execLdParam reads a kernel parameter: the same value in every lane.
func execLdParam(w *warp, in *inst, m uint32) {
	size := int(in.size)
	p := w.wk.st.params[in.off:]
	for e := 0; e < int(in.nvec); e++ {
		broadcast(&w.frame[in.elems[e]], load(p[e*size:], size, in.signed, in.dbits), m)
	}
}

// decodeIsspacep: isspacep.space p, a tells whether a generic address lies
// in the space's window (global: in none of the windows).
func (d *fdec) decodeIsspacep(in *ptx.Instr, out *inst, pre *[]inst) error {
	if len(in.Operands) != 2 {
		return d.unsupported("isspacep takes two operands")
	}
	switch {
	case hasMod(in.Mods, "global"), hasMod(in.Mods, "const"):
		out.space = spGlobal
	case hasModPrefix(in.Mods, "shared"):
		out.space = spShared
	case hasMod(in.Mods, "local"):
		out.space = spLocal
	case hasMod(in.Mods, "param"):
		out.space = spParam
	default:
		return d.unsupported("unknown state space")
	}
	var err error
	if out.d, err = d.dst(in.Operands[0]); err != nil {
		return err
	}
	if out.a, err = d.src(in.Operands[1], "u64", pre); err != nil {
		return err
	}
	out.exec = execIsspacep
	return nil
}

func execIsspacep(w *warp, in *inst, m uint32) {
	d, a := &w.frame[in.d], &w.frame[in.a]
	for ; m != 0; m &= m - 1 {
		l := bits.TrailingZeros32(m)
		d[l] = b2u(genericSpace(a[l]) == in.space)
	}
}

// genericSpace is the space a generic address falls in.
func genericSpace(addr uint64) space {
	switch {
	case addr-sharedWindow < windowSize:
		return spShared
	case addr-localWindow < windowSize:
		return spLocal
	case addr-paramWindow < windowSize:
		return spParam
	}
	return spGlobal
}

// decodeCpAsync: cp.async.ca|cg.shared.global [d], [s], size{, srcSize}
// copies at once (the data is there before any wait_group can ask);
// commit_group, wait_group and wait_all then have nothing to wait for.
func (d *fdec) decodeCpAsync(in *ptx.Instr, out *inst, pre *[]inst) error {
	if hasMod(in.Mods, "commit_group") || hasMod(in.Mods, "wait_group") || hasMod(in.Mods, "wait_all") {
		out.exec = execNop
		return nil
	}
	if !hasModPrefix(in.Mods, "shared") || !hasMod(in.Mods, "global") || hasModPrefix(in.Mods, "bulk") ||
		len(in.Operands) < 3 || in.Operands[2].Kind != ptx.Int {
		return d.unsupported("only cp.async from global to shared memory")
	}
	size := in.Operands[2].Int
	if size != 4 && size != 8 && size != 16 {
		return d.unsupported("cp.async of %d bytes", size)
	}
	var src inst
	src.base = -1
	if err := d.decodeAddr(in.Operands[1], spGlobal, &src); err != nil {
		return err
	}
	if err := d.decodeAddr(in.Operands[0], spShared, out); err != nil {
		return err
	}
	out.a, out.b = src.base, -1
	if out.a < 0 {
		out.a = d.imm(0)
	}
	out.e = d.imm(src.off) // the source's constant part
	out.size = uint8(size)
	out.c = d.imm(uint64(size))
	if len(in.Operands) >= 4 && in.Operands[3].Kind != ptx.Symbol {
		var err error
		if out.c, err = d.src(in.Operands[3], "u32", pre); err != nil {
			return err
		}
	}
	if out.base < 0 {
		out.base = d.imm(0)
	}
	out.exec = execCpAsync
	return nil
}

// execCpAsync copies size bytes per lane, of which the first srcSize (row
// c) come from global memory and the rest are zeros.
func execCpAsync(w *warp, in *inst, m uint32) {
	f := w.frame
	n := int(in.size)
	for ; m != 0; m &= m - 1 {
		l := bits.TrailingZeros32(m)
		dst := w.mem(in, in.space, f[in.base][l]+in.off, n, l, true)
		if dst == nil {
			return
		}
		k := min(int(f[in.c][l]), n)
		if k > 0 {
			src := w.mem(in, spGlobal, f[in.a][l]+f[in.e][l], n, l, false)
			if src == nil {
				return
			}
			copy(dst[:k], src)
		}
		clear(dst[k:])
	}
}
