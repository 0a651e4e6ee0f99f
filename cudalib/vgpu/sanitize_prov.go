package vgpu

import (
	"encoding/binary"
	"fmt"
	"math/bits"

	"github.com/culab/culab/cudalib/ptx"
)

// Pointer provenance: a sanitized launch checks every global access
// against the allocation its pointer was derived from, not only against
// the address ranges of all allocations, so that an index far past the
// end of a buffer is an out-of-bounds error also where it lands inside
// another allocation (on a GPU, where allocations lie close together, it
// often does).
//
// The derivation is followed statically through the kernel's PTX: a
// 64-bit register loaded from a kernel parameter derives from that
// parameter; mov, cvta, add, sub, selp and the addend of mad pass it on
// (a register assigned on several paths derives from all of theirs). At
// launch each such parameter's value names the allocation it points into;
// an access through a register that derives from parameters must fall in
// one of their allocations. A pointer with no such derivation — made
// from an integer (cvt, arithmetic the analysis does not follow), loaded
// from memory, received as a .func's parameter, or a parameter that
// points into no allocation — is checked by address ranges only: an
// access inside any allocation passes, one outside all of them is
// out of bounds.

// maxProvParams is how many kernel parameters provenance follows (a bit
// each).
const maxProvParams = 64

// provenance returns, per memory instruction of the kernel f, the
// parameters (a bit per index) its address register derives from.
func provenance(f *ptx.Func) map[*ptx.Instr]uint64 {
	param := map[string]int{}
	for i, p := range f.Params {
		if i < maxProvParams {
			param[p.Name] = i
		}
	}
	reg := map[string]uint64{}
	get := func(o ptx.Operand) uint64 {
		if o.Kind == ptx.Reg {
			return reg[o.Name]
		}
		return 0
	}
	for changed := true; changed; {
		changed = false
		for _, in := range f.Body {
			if len(in.Operands) == 0 || in.Operands[0].Kind != ptx.Reg || !wide(in.Mods) {
				continue
			}
			ops := in.Operands
			var p uint64
			switch in.Op {
			case "ld", "ldu":
				if a := ops[len(ops)-1]; hasMod(in.Mods, "param") && a.Kind == ptx.Addr {
					if i, ok := param[a.Name]; ok {
						p = 1 << i
					}
				}
			case "mov", "cvta":
				p = get(ops[len(ops)-1])
			case "add", "sub":
				if len(ops) == 3 {
					p = get(ops[1]) | get(ops[2])
				}
			case "selp":
				if len(ops) == 4 {
					p = get(ops[1]) | get(ops[2])
				}
			case "mad":
				if len(ops) == 4 {
					p = get(ops[3])
				}
			}
			if d := ops[0].Name; p&^reg[d] != 0 {
				reg[d] |= p
				changed = true
			}
		}
	}
	out := map[*ptx.Instr]uint64{}
	for _, in := range f.Body {
		if a, ok := globalAddr(in); ok && a.Name != "" {
			if p := reg[a.Name]; p != 0 {
				out[in] = p
			}
		}
	}
	return out
}

// wide reports whether an instruction's type is 64 bits (or a mad.wide,
// whose destination is): only such registers hold pointers.
func wide(mods []string) bool {
	for _, m := range mods {
		switch m {
		case "u64", "s64", "b64", "wide":
			return true
		}
	}
	return false
}

// globalAddr returns the operand a memory instruction addresses global
// (or generic) memory with: cp.async's source, the address of the others.
func globalAddr(in *ptx.Instr) (ptx.Operand, bool) {
	switch in.Op {
	case "ld", "ldu", "st", "atom", "red", "cp":
	default:
		return ptx.Operand{}, false
	}
	seen := 0
	for _, o := range in.Operands {
		if o.Kind != ptx.Addr {
			continue
		}
		if seen++; in.Op != "cp" || seen == 2 {
			return o, true
		}
	}
	return ptx.Operand{}, false
}

// provAllocs finds, per kernel parameter, the allocation its value points
// into (nil for none or a parameter that is not 8 bytes).
func provAllocs(st *launch) []*allocation {
	k := st.k
	out := make([]*allocation, min(len(k.paramOffs), maxProvParams))
	for i := range out {
		off := k.paramOffs[i]
		if k.paramSizes[i] != 8 || off+8 > len(st.params) {
			continue
		}
		out[i] = st.table.find(binary.LittleEndian.Uint64(st.params[off:]), 1)
	}
	return out
}

// provCheck checks a valid global access of n bytes at addr by an
// instruction whose pointer derives from the parameters prov: nil when it
// falls in one of their allocations (or none of them points into one),
// else why not.
func (s *sanWorker) provCheck(prov uint64, addr uint64, n int) *badAccess {
	var first *allocation
	param := 0
	for p := prov; p != 0; p &= p - 1 {
		i := bits.TrailingZeros64(p)
		a := s.l.prov[i]
		if a == nil {
			continue
		}
		if addr >= a.addr && addr+uint64(n) <= a.end() {
			return nil
		}
		if first == nil {
			first, param = a, i
		}
	}
	if first == nil {
		return nil
	}
	var where string
	if addr >= first.end() {
		where = fmt.Sprintf("%d bytes past the end of", addr+uint64(n)-first.end())
	} else {
		where = fmt.Sprintf("%d bytes before", first.addr-addr)
	}
	landed := "in no allocation"
	if a := s.st.table.find(addr, n); a != nil {
		landed = fmt.Sprintf("inside the %s at 0x%x", a.describe(), a.addr)
	}
	desc := fmt.Sprintf("%s the %s at 0x%x that the pointer (kernel parameter %d) points into; it lands %s",
		where, first.describe(), first.addr, param+1, landed)
	return &badAccess{reasonBounds, spGlobal, addr, desc}
}
