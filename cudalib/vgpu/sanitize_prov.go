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
// The derivation is followed statically through the kernel's PTX. Its
// sources are the kernel's parameters and the module's global variables:
// a 64-bit register loaded from a parameter derives from it, one given a
// variable's address (mov, cvta) from the variable; mov, cvta, add, sub,
// selp and the addend of mad pass derivations on (a register assigned on
// several paths derives from all of theirs), and an access written
// [variable+offset] derives from the variable. At launch each parameter's
// value names the allocation it points into; an access through a pointer
// with sources must fall inside one of their allocations. A pointer with
// none — made from an integer (cvt, arithmetic the analysis does not
// follow), loaded from memory, received as a .func's parameter, or from a
// parameter that points into no allocation — is checked by address ranges
// only: an access inside any allocation passes, one outside all of them
// is out of bounds.

// maxProvSources is how many sources provenance follows (a bit each).
const maxProvSources = 64

// provSource is where a pointer can come from: a kernel parameter (param
// ≥ 0) or a module variable's allocation.
type provSource struct {
	param int
	name  string // the variable's; "" for a parameter
	v     *allocation
}

// provenance finds, per global access of the kernel f, the sources (a bit
// per index into srcs) its pointer derives from.
func provenance(f *ptx.Func, vars map[string]*allocation) (map[*ptx.Instr]uint64, []provSource) {
	var srcs []provSource
	index := map[string]int{}
	source := func(name string) uint64 {
		i, ok := index[name]
		if !ok && len(srcs) == maxProvSources {
			return 0
		}
		if !ok {
			for j, p := range f.Params {
				if p.Name == name {
					srcs, ok = append(srcs, provSource{param: j}), true
				}
			}
			if a := vars[name]; !ok && a != nil {
				srcs, ok = append(srcs, provSource{param: -1, name: name, v: a}), true
			}
			if !ok {
				return 0
			}
			i = len(srcs) - 1
			index[name] = i
		}
		return 1 << i
	}
	reg := map[string]uint64{}
	get := func(o ptx.Operand) uint64 {
		switch o.Kind {
		case ptx.Reg:
			return reg[o.Name]
		case ptx.Symbol:
			if vars[o.Name] != nil {
				return source(o.Name)
			}
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
				if a := ops[len(ops)-1]; hasMod(in.Mods, "param") && a.Kind == ptx.Addr && a.Name != "" {
					if _, isReg := reg[a.Name]; !isReg && vars[a.Name] == nil {
						p = source(a.Name)
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
		a, ok := globalAddr(in)
		if !ok || a.Name == "" {
			continue
		}
		p := reg[a.Name]
		if vars[a.Name] != nil {
			p = source(a.Name)
		}
		if p != 0 {
			out[in] = p
		}
	}
	return out, srcs
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

// provAllocs finds, per source of the kernel's provenance, the allocation
// it points into: a variable's own, a parameter's by its value (nil for
// none or a parameter that is not 8 bytes).
func provAllocs(st *launch) []*allocation {
	k := st.k
	out := make([]*allocation, len(k.provSrc))
	for i, src := range k.provSrc {
		if src.param < 0 {
			out[i] = src.v
			continue
		}
		off := k.paramOffs[src.param]
		if k.paramSizes[src.param] != 8 || off+8 > len(st.params) {
			continue
		}
		out[i] = st.table.find(binary.LittleEndian.Uint64(st.params[off:]), 1)
	}
	return out
}

// provCheck checks a valid global access of n bytes at addr by an
// instruction whose pointer derives from the sources prov: nil when it
// falls in one of their allocations (or none of them has one), else why
// not.
func (s *sanWorker) provCheck(prov uint64, addr uint64, n int) *badAccess {
	var first *allocation
	src := 0
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
			first, src = a, i
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
	from := fmt.Sprintf("the %s at 0x%x that the pointer (kernel parameter %d) points into", first.describe(), first.addr, s.st.k.provSrc[src].param+1)
	if s.st.k.provSrc[src].param < 0 {
		from = fmt.Sprintf("the %s at 0x%x", first.describe(), first.addr)
	}
	landed := "in no allocation"
	if a := s.st.table.find(addr, n); a != nil {
		landed = fmt.Sprintf("inside the %s at 0x%x", a.describe(), a.addr)
	}
	return &badAccess{reasonBounds, spGlobal, addr, fmt.Sprintf("%s %s; it lands %s", where, from, landed)}
}
