package vgpu

import (
	"math/bits"

	"github.com/culab/culab/cudalib/ptx"
)

// special is a special register read by mov, or the flavour of a warp,
// barrier or atomic instruction.
type special uint8

const (
	spcNone special = iota
	spcTidX
	spcTidY
	spcTidZ
	spcNtidX
	spcNtidY
	spcNtidZ
	spcCtaidX
	spcCtaidY
	spcCtaidZ
	spcNctaidX
	spcNctaidY
	spcNctaidZ
	spcLaneid
	spcWarpid
	spcNwarpid
	spcLanemaskEq
	spcLanemaskLe
	spcLanemaskLt
	spcLanemaskGe
	spcLanemaskGt
	spcClock
	spcClock32
	spcZero // %smid, %gridid, …: a single SM and grid
	spcNsmid
	spcDynSmem
	spcTotalSmem
)

var specialRegs = map[string]special{
	"%tid.x": spcTidX, "%tid.y": spcTidY, "%tid.z": spcTidZ,
	"%ntid.x": spcNtidX, "%ntid.y": spcNtidY, "%ntid.z": spcNtidZ,
	"%ctaid.x": spcCtaidX, "%ctaid.y": spcCtaidY, "%ctaid.z": spcCtaidZ,
	"%nctaid.x": spcNctaidX, "%nctaid.y": spcNctaidY, "%nctaid.z": spcNctaidZ,
	"%laneid": spcLaneid, "%warpid": spcWarpid, "%nwarpid": spcNwarpid,
	"%lanemask_eq": spcLanemaskEq, "%lanemask_le": spcLanemaskLe, "%lanemask_lt": spcLanemaskLt,
	"%lanemask_ge": spcLanemaskGe, "%lanemask_gt": spcLanemaskGt,
	"%clock": spcClock32, "%clock64": spcClock, "%globaltimer": spcClock,
	"%globaltimer_lo": spcClock32, "%smid": spcZero, "%gridid": spcZero, "%nsmid": spcNsmid,
	"%dynamic_smem_size": spcDynSmem, "%total_smem_size": spcTotalSmem,
}

func specialReg(name string) (special, bool) {
	s, ok := specialRegs[name]
	return s, ok
}

func (d *fdec) decodeMov(in *ptx.Instr, out *inst, pre *[]inst) error {
	if len(in.Operands) != 2 {
		return d.unsupported("mov takes two operands")
	}
	typ := mainType(in.Mods)
	dop, sop := in.Operands[0], in.Operands[1]
	var err error
	switch {
	case dop.Kind == ptx.Vec || sop.Kind == ptx.Vec:
		vop, scalar := dop, sop
		pack := sop.Kind == ptx.Vec
		out.exec, out.elemsDef = execUnpack, true
		if pack {
			vop, scalar = sop, dop
			out.exec, out.elemsDef = execPack, false
		}
		if len(vop.Elems) < 2 || len(vop.Elems) > 4 || typeSize(typ) == 0 {
			return d.unsupported("vector mov needs 2 to 4 elements and a type")
		}
		out.nvec = uint8(len(vop.Elems))
		out.size = uint8(typeSize(typ) * 8 / len(vop.Elems)) // bits per element
		for i, e := range vop.Elems {
			if pack {
				out.elems[i], err = d.src(e, "", pre)
			} else {
				out.elems[i], err = d.dst(e)
			}
			if err != nil {
				return err
			}
		}
		if pack {
			out.d, err = d.dst(scalar)
		} else {
			out.a, err = d.src(scalar, typ, pre)
		}
		return err
	case sop.Kind == ptx.Reg:
		if _, isReg := d.reg(sop.Name); !isReg && !sop.Not {
			if sp, ok := specialReg(sop.Name); ok {
				out.exec, out.special = execMovSpecial, sp
				out.d, err = d.dst(dop)
				return err
			}
		}
	}
	if out.d, err = d.dst(dop); err != nil {
		return err
	}
	if out.a, err = d.src(sop, typ, pre); err != nil {
		return err
	}
	out.exec = execMov
	return nil
}

// decodeCvta: converting to or from the generic space adds or subtracts
// the space's window; global and const addresses are generic already.
func (d *fdec) decodeCvta(in *ptx.Instr, out *inst, pre *[]inst) error {
	if len(in.Operands) != 2 {
		return d.unsupported("cvta takes two operands")
	}
	to := hasMod(in.Mods, "to")
	var window uint64
	switch {
	case hasMod(in.Mods, "global"), hasMod(in.Mods, "const"):
	case hasModPrefix(in.Mods, "shared"):
		window = sharedWindow
	case hasMod(in.Mods, "local"):
		window = localWindow
	case hasMod(in.Mods, "param"):
		window = paramWindow
	default:
		return d.unsupported("unknown state space")
	}
	if to {
		window = -window
	}
	var err error
	if out.d, err = d.dst(in.Operands[0]); err != nil {
		return err
	}
	if out.a, err = d.src(in.Operands[1], "u64", pre); err != nil {
		return err
	}
	out.off = window
	out.dbits = 64
	if mainType(in.Mods) == "u32" {
		out.dbits = 32
	}
	out.exec = execCvta
	if window == 0 && out.dbits == 64 {
		out.exec = execMov // global and const addresses are generic already
	}
	return nil
}

func hasModPrefix(mods []string, p string) bool {
	for _, m := range mods {
		if len(m) >= len(p) && m[:len(p)] == p {
			return true
		}
	}
	return false
}

func execNop(*warp, *inst, uint32) {}

func execTrap(w *warp, in *inst, m uint32) {
	w.raise(in, m, "trap (illegal instruction)", "", "", 0, 0)
}

func execALU1(w *warp, in *inst, m uint32) {
	f := w.frame
	in.fn(&f[in.d], &f[in.a], nil, nil, m)
}

func execALU2(w *warp, in *inst, m uint32) {
	f := w.frame
	in.fn(&f[in.d], &f[in.a], &f[in.b], nil, m)
}

func execALU3(w *warp, in *inst, m uint32) {
	f := w.frame
	in.fn(&f[in.d], &f[in.a], &f[in.b], &f[in.c], m)
}

func execALU4(w *warp, in *inst, m uint32) {
	f := w.frame
	in.fn4(&f[in.d], &f[in.a], &f[in.b], &f[in.c], &f[in.e], m)
}

func execALUCC(w *warp, in *inst, m uint32) {
	f := w.frame
	var c *vec
	if in.c >= 0 {
		c = &f[in.c]
	}
	in.fnCC(&f[in.d], &f[in.a], &f[in.b], c, &f[in.e], m)
}

func execMov(w *warp, in *inst, m uint32) {
	d, a := &w.frame[in.d], &w.frame[in.a]
	if m == ^uint32(0) {
		*d = *a
		return
	}
	for ; m != 0; m &= m - 1 {
		l := bits.TrailingZeros32(m)
		d[l] = a[l]
	}
}

func execNotPred(w *warp, in *inst, m uint32) {
	d, a := &w.frame[in.d], &w.frame[in.a]
	for ; m != 0; m &= m - 1 {
		l := bits.TrailingZeros32(m)
		d[l] = a[l]&1 ^ 1
	}
}

// execMovLocal puts the address of a frame-relative local variable.
func execMovLocal(w *warp, in *inst, m uint32) {
	broadcast(&w.frame[in.d], w.localBase+in.off, m)
}

func broadcast(d *vec, v uint64, m uint32) {
	if m == ^uint32(0) {
		for l := range d {
			d[l] = v
		}
		return
	}
	for ; m != 0; m &= m - 1 {
		d[bits.TrailingZeros32(m)] = v
	}
}

func execCvta(w *warp, in *inst, m uint32) {
	d, a := &w.frame[in.d], &w.frame[in.a]
	mask := ^uint64(0) >> (64 - in.dbits)
	for ; m != 0; m &= m - 1 {
		l := bits.TrailingZeros32(m)
		d[l] = (a[l] + in.off) & mask
	}
}

// execPack builds a register from vector elements, lowest first.
func execPack(w *warp, in *inst, m uint32) {
	f := w.frame
	d := &f[in.d]
	eb := uint(in.size)
	mask := ^uint64(0) >> (64 - eb)
	for ; m != 0; m &= m - 1 {
		l := bits.TrailingZeros32(m)
		var v uint64
		for e := 0; e < int(in.nvec); e++ {
			v |= (f[in.elems[e]][l] & mask) << (uint(e) * eb)
		}
		d[l] = v
	}
}

// execUnpack splits a register into vector elements, lowest first.
func execUnpack(w *warp, in *inst, m uint32) {
	f := w.frame
	a := &f[in.a]
	eb := uint(in.size)
	mask := ^uint64(0) >> (64 - eb)
	for ; m != 0; m &= m - 1 {
		l := bits.TrailingZeros32(m)
		v := a[l]
		for e := 0; e < int(in.nvec); e++ {
			f[in.elems[e]][l] = v >> (uint(e) * eb) & mask
		}
	}
}

func execActivemask(w *warp, in *inst, m uint32) {
	broadcast(&w.frame[in.d], uint64(m), m)
}

func execMovSpecial(w *warp, in *inst, m uint32) {
	d := &w.frame[in.d]
	st := w.wk.st
	switch in.special {
	case spcTidX, spcTidY, spcTidZ:
		t := &w.tid[in.special-spcTidX]
		if m == ^uint32(0) {
			*d = *t
			return
		}
		for ; m != 0; m &= m - 1 {
			l := bits.TrailingZeros32(m)
			d[l] = t[l]
		}
		return
	case spcLaneid, spcLanemaskEq, spcLanemaskLe, spcLanemaskLt, spcLanemaskGe, spcLanemaskGt:
		for ; m != 0; m &= m - 1 {
			l := bits.TrailingZeros32(m)
			eq := uint64(1) << l
			var v uint64
			switch in.special {
			case spcLaneid:
				v = uint64(l)
			case spcLanemaskEq:
				v = eq
			case spcLanemaskLe:
				v = eq<<1 - 1
			case spcLanemaskLt:
				v = eq - 1
			case spcLanemaskGe:
				v = uint64(^uint32(eq - 1))
			case spcLanemaskGt:
				v = uint64(^uint32(eq<<1 - 1))
			}
			d[l] = v & 0xffffffff
		}
		return
	}
	var v uint64
	switch in.special {
	case spcNtidX, spcNtidY, spcNtidZ:
		v = uint64(st.block[in.special-spcNtidX])
	case spcCtaidX, spcCtaidY, spcCtaidZ:
		v = uint64(w.wk.blockIdx[in.special-spcCtaidX])
	case spcNctaidX, spcNctaidY, spcNctaidZ:
		v = uint64(st.grid[in.special-spcNctaidX])
	case spcWarpid:
		v = uint64(w.id)
	case spcNwarpid:
		v = uint64(st.nwarps)
	case spcClock, spcClock32:
		// A deterministic clock: the warp's instructions so far.
		v = w.clock
		if in.special == spcClock32 {
			v &= 0xffffffff
		}
	case spcNsmid:
		v = 1
	case spcDynSmem:
		v = uint64(st.dynamic)
	case spcTotalSmem:
		v = uint64(st.shared)
	}
	broadcast(d, v, m)
}
