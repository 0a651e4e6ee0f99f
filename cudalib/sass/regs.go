package sass

import (
	"bytes"
	"debug/elf"
	"encoding/binary"
	"fmt"
	"strings"
)

// The registers a thread of each kernel takes, as ptxas allocated them,
// are in the CUBIN's .nv.info sections (NVIDIA's EIATTR entries), not in
// nvdisasm's code: the occupancy a GPU computes from them differs from an
// estimate from the PTX, whose unrolled loops declare a register a value
// (bench/microbench/barphase.cu's 128 unrolled steps: 98 registers, 2
// blocks of 256 threads an SM; the estimate's 1).

const (
	eifmtSVAL      = 0x04 // an entry with a 16-bit size and that many bytes
	eiattrREGCOUNT = 0x2f // a function's symbol index and its registers
)

// registerCounts reads each kernel's registers a thread (by its symbol
// name) from a CUBIN.
func registerCounts(image []byte) (map[string]int, error) {
	f, err := elf.NewFile(bytes.NewReader(image))
	if err != nil {
		return nil, fmt.Errorf("read the CUBIN: %w", err)
	}
	syms, err := f.Symbols()
	if err != nil {
		return nil, fmt.Errorf("read the CUBIN's symbols: %w", err)
	}
	counts := map[string]int{}
	for _, s := range f.Sections {
		if s.Name != ".nv.info" && !strings.HasPrefix(s.Name, ".nv.info.") {
			continue
		}
		b, err := s.Data()
		if err != nil {
			return nil, fmt.Errorf("read the CUBIN's %s: %w", s.Name, err)
		}
		// Entries: a format byte, an attribute byte, then 2 bytes of value
		// or, for SVAL, a 16-bit size and the value.
		for i := 0; i+4 <= len(b); {
			format, attr := b[i], b[i+1]
			if format != eifmtSVAL {
				i += 4
				continue
			}
			size := int(binary.LittleEndian.Uint16(b[i+2:]))
			v := b[i+4 : min(i+4+size, len(b))]
			if attr == eiattrREGCOUNT && len(v) >= 8 {
				sym, regs := binary.LittleEndian.Uint32(v), binary.LittleEndian.Uint32(v[4:])
				if sym >= 1 && int(sym) <= len(syms) {
					counts[syms[sym-1].Name] = int(regs) // Symbols leaves out the null symbol 0
				}
			}
			i += 4 + size
		}
	}
	return counts, nil
}

// withRegisters sets the kernels' Registers from the CUBIN they were
// disassembled from.
func (p *Program) withRegisters(image []byte) (*Program, error) {
	counts, err := registerCounts(image)
	if err != nil {
		return nil, err
	}
	for _, k := range p.Kernels {
		k.Registers = counts[k.Name]
	}
	return p, nil
}
