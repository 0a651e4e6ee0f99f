package vgpu

import (
	"bytes"
	"encoding/binary"
	"fmt"
	"math"
	"math/bits"
	"strconv"
	"strings"

	"github.com/culab/culab/cudalib/ptx"
)

// The device runtime's printf and assert arrive as calls of the external
// functions vprintf and __assertfail; the virtual GPU implements both.

// maxPrintf is the printf output a launch may write, as CUDA's default
// printf FIFO: beyond it lines are dropped.
const maxPrintf = 1 << 20

// decodeBuiltin decodes a call of an external function the virtual GPU
// provides; false if name is none of them.
func (d *fdec) decodeBuiltin(name string, args, rets []ptx.Operand, out *inst) (bool, error) {
	var exec func(*warp, *inst, uint32)
	switch name {
	case "vprintf":
		exec = execPrintf
	case "__assertfail":
		exec = execAssert
	default:
		return false, nil
	}
	for _, a := range append(args, rets...) {
		v := d.lookupVar(a.Name)
		off, ok := d.local[v]
		if a.Kind != ptx.Symbol || v == nil || !ok {
			return true, d.unsupported("call operand %s is not a .param variable", operandString(a))
		}
		c := paramCopy{from: off, size: uint64(varSize(v))}
		if len(out.args) < len(args) {
			out.args = append(out.args, c)
		} else {
			out.rets = append(out.rets, c)
		}
	}
	if (name == "vprintf" && len(out.args) != 2) || (name == "__assertfail" && len(out.args) < 3) {
		return true, d.unsupported("call of %s with %d arguments", name, len(args))
	}
	out.exec = exec
	return true, nil
}

// arg reads the 8-byte (or 4-byte) argument i of a builtin call in lane l.
func (w *warp) arg(in *inst, i, l int) uint64 {
	a := in.args[i]
	p := w.local[l][w.localBase+a.from:]
	if a.size == 4 {
		return uint64(binary.LittleEndian.Uint32(p))
	}
	return binary.LittleEndian.Uint64(p)
}

// cstring reads a NUL-terminated string at a generic address in global
// memory.
func (w *warp) cstring(addr uint64) string {
	a := w.wk.st.table.find(addr, 1)
	if a == nil {
		return fmt.Sprintf("<bad string pointer 0x%x>", addr)
	}
	s := a.data[addr-a.addr:]
	if i := bytes.IndexByte(s, 0); i >= 0 {
		s = s[:i]
	}
	return string(s)
}

func execPrintf(w *warp, in *inst, m uint32) {
	st := w.wk.st
	var out bytes.Buffer
	for mm := m; mm != 0; mm &= mm - 1 {
		l := bits.TrailingZeros32(mm)
		n := w.format(&out, in, l, w.cstring(w.arg(in, 0, l)), w.arg(in, 1, l))
		if w.fault != nil {
			return
		}
		if len(in.rets) > 0 {
			r := in.rets[0]
			binary.LittleEndian.PutUint32(w.local[l][w.localBase+r.from:], uint32(n))
		}
	}
	st.printMu.Lock()
	defer st.printMu.Unlock()
	if st.printed+out.Len() > maxPrintf {
		if !st.printFull {
			// A GPU drops the overflow silently; a student should know
			// that lines are missing, and why.
			st.printFull = true
			fmt.Fprintf(st.printf, "[device printf: output past %d bytes dropped in this launch, as a GPU's printf buffer (cudaLimitPrintfFifoSize) drops it]\n", maxPrintf)
		}
		return
	}
	st.printed += out.Len()
	st.printf.Write(out.Bytes())
}

// format writes one printf: C conversions map onto Go's fmt, arguments
// come from the packed buffer at args (each aligned to its size, as the
// CUDA compiler lays them out). It returns the number of arguments.
func (w *warp) format(out *bytes.Buffer, in *inst, l int, f string, args uint64) int {
	off, n := uint64(0), 0
	next := func(size int) uint64 {
		off = (off + uint64(size) - 1) &^ uint64(size-1)
		p := w.mem(in, spGeneric, args+off, size, l, false)
		off += uint64(size)
		n++
		if p == nil {
			return 0
		}
		return load(p, size, false, 64)
	}
	for i := 0; i < len(f); i++ {
		if f[i] != '%' {
			out.WriteByte(f[i])
			continue
		}
		j := i + 1
		for j < len(f) && strings.IndexByte("-+ #0123456789.*", f[j]) >= 0 {
			j++
		}
		spec := f[i+1 : j]
		if strings.Contains(spec, "*") {
			spec = starArgs(spec, func() int32 { return int32(next(4)) })
		}
		long := 0
		for j < len(f) && strings.IndexByte("hlLqjzt", f[j]) >= 0 {
			if f[j] == 'l' || f[j] == 'L' || f[j] == 'q' || f[j] == 'j' || f[j] == 'z' || f[j] == 't' {
				long++
			}
			j++
		}
		if j >= len(f) {
			out.WriteString(f[i:])
			break
		}
		verb := f[j]
		i = j
		size := 4
		if long > 0 {
			size = 8
		}
		switch verb {
		case '%':
			out.WriteByte('%')
		case 'd', 'i':
			v := next(size)
			x := int64(v)
			if size == 4 {
				x = int64(int32(v))
			}
			fmt.Fprintf(out, "%"+spec+"d", x)
		case 'u', 'x', 'X', 'o', 'c':
			v := next(size)
			if verb == 'u' {
				verb = 'd'
			}
			if verb == 'c' {
				v &= 0xff
			}
			fmt.Fprintf(out, "%"+spec+string(verb), v)
		case 'f', 'F', 'e', 'E', 'g', 'G', 'a', 'A':
			x := math.Float64frombits(next(8))
			if verb == 'a' || verb == 'A' {
				verb = 'x' + verb - 'a'
			}
			if verb == 'F' {
				verb = 'f'
			}
			if (verb == 'g' || verb == 'G') && !strings.Contains(spec, ".") {
				spec += ".6"
			}
			fmt.Fprintf(out, "%"+spec+string(verb), x)
		case 's':
			fmt.Fprintf(out, "%"+spec+"s", w.cstring(next(8)))
		case 'p':
			fmt.Fprintf(out, "0x%x", next(8))
		default:
			out.WriteString(f[i-len(spec)-1 : j+1])
		}
	}
	return n
}

// starArgs writes the width and precision a '*' takes from the arguments
// (ints, before the value, as C's printf reads them) into spec: Go's fmt
// would read them from its own arguments, and print "%!d(MISSING)". A
// negative width left-justifies; a negative precision is none, as in C.
func starArgs(spec string, arg func() int32) string {
	var b strings.Builder
	for k := 0; k < len(spec); k++ {
		if spec[k] != '*' {
			b.WriteByte(spec[k])
			continue
		}
		v := arg()
		if k > 0 && spec[k-1] == '.' {
			if v < 0 {
				s := b.String()
				b.Reset()
				b.WriteString(s[:len(s)-1]) // drop the '.': no precision
				continue
			}
		} else if v < 0 {
			b.WriteByte('-')
			v = -v
		}
		b.WriteString(strconv.Itoa(int(v)))
	}
	return b.String()
}

// execAssert: a failed assert() is a fault naming the assertion.
func execAssert(w *warp, in *inst, m uint32) {
	l := bits.TrailingZeros32(m)
	msg := w.cstring(w.arg(in, 0, l))
	file := w.cstring(w.arg(in, 1, l))
	line := uint32(w.arg(in, 2, l))
	reason := fmt.Sprintf("assertion `%s' failed (%s:%d)", msg, file, line)
	if len(in.args) > 3 {
		reason = fmt.Sprintf("assertion `%s' failed in %s (%s:%d)", msg, w.cstring(w.arg(in, 3, l)), file, line)
	}
	w.raise(in, m, reason, "", "", 0, 0)
}
