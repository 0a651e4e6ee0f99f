package sass

import (
	"fmt"
	"regexp"
	"sort"
	"strconv"
	"strings"
)

// Program is a disassembled CUBIN's kernels, in the order nvdisasm lists
// them.
type Program struct {
	Kernels []*Kernel
}

// Kernel is one function's instructions in address order.
type Kernel struct {
	Name   string
	Instrs []Instr
	// Registers a thread takes, as ptxas allocated them (0: not known, a
	// Program parsed from text alone).
	Registers int
	labels    map[string]int // ".L_x_0" -> the address of the instruction after it
}

// Instr is one SASS instruction.
type Instr struct {
	Addr      int
	File      string // source file of the line table ("" before any entry)
	Line      int    // source line (0: none)
	Predicate string // "@P0", "@!P1"; "" when always executed
	Opcode    string // "LDG", "FFMA", "MUFU", ...
	Modifiers []string
	Operands  string
	Class     Class
	Width     int // bits a lane moves, for memory and constant loads; else 0
}

// Kernel returns the kernel named name.
func (p *Program) Kernel(name string) (*Kernel, error) {
	var names []string
	for _, k := range p.Kernels {
		if k.Name == name {
			return k, nil
		}
		names = append(names, k.Name)
	}
	return nil, fmt.Errorf("no kernel %q in the SASS (kernels: %s)", name, strings.Join(names, ", "))
}

var (
	// "//--------------------- .text.k ----..." opens a function's code.
	sectionRE = regexp.MustCompile(`^\s*//-+\s+\.text\.(\S+)\s+-+`)
	// ".L_x_0:" labels the next instruction.
	labelRE = regexp.MustCompile(`^\s*(\.L_x_\d+):`)
	// `//## File "t.cu", line 5` (optionally "inlined at ...").
	lineRE = regexp.MustCompile(`^\s*//## File "([^"]*)", line (\d+)`)
	// "/*00e0*/  @!P0 LDG.E.128 R12, desc[UR4][R6.64] ;"
	instrRE = regexp.MustCompile(`^\s*/\*([0-9a-f]+)\*/\s+(@!?U?P[T0-9]+\s+)?([A-Z][A-Z0-9_]*)((?:\.[A-Za-z0-9_]+)*)\s*([^;]*);`)
)

// Parse reads `nvdisasm -g -c` output.
func Parse(text string) (*Program, error) {
	p := &Program{}
	var cur *Kernel
	var pending []string // labels of the next instruction
	file, line := "", 0
	for i, l := range strings.Split(text, "\n") {
		if m := sectionRE.FindStringSubmatch(l); m != nil {
			cur = &Kernel{Name: m[1], labels: map[string]int{}}
			p.Kernels = append(p.Kernels, cur)
			file, line = "", 0
			continue
		}
		if m := lineRE.FindStringSubmatch(l); m != nil {
			file = m[1]
			line, _ = strconv.Atoi(m[2])
			continue
		}
		if m := labelRE.FindStringSubmatch(l); m != nil && cur != nil {
			pending = append(pending, m[1])
			continue
		}
		m := instrRE.FindStringSubmatch(l)
		if m == nil {
			continue
		}
		if cur == nil {
			return nil, fmt.Errorf("line %d: an instruction outside any function: %q", i+1, strings.TrimSpace(l))
		}
		addr, err := strconv.ParseInt(m[1], 16, 64)
		if err != nil {
			return nil, fmt.Errorf("line %d: address %q", i+1, m[1])
		}
		in := Instr{Addr: int(addr), File: file, Line: line, Predicate: strings.TrimSpace(m[2]), Opcode: m[3],
			Operands: strings.TrimSpace(m[5])}
		if m[4] != "" {
			in.Modifiers = strings.Split(m[4][1:], ".")
		}
		in.Class, in.Width = classify(in.Opcode, in.Modifiers)
		cur.Instrs = append(cur.Instrs, in)
		for _, name := range pending {
			cur.labels[name] = in.Addr
		}
		pending = pending[:0]
	}
	if len(p.Kernels) == 0 {
		return nil, fmt.Errorf("no functions in the disassembly")
	}
	return p, nil
}

// LineCounts are the instructions of one source line.
type LineCounts struct {
	File  string
	Line  int
	Total int
	// ByClass counts the instructions of each class.
	ByClass map[Class]int
	// Accesses counts the memory instructions by opcode and width, e.g.
	// "LDG.128": 1, "LDS.32": 2.
	Accesses map[string]int
	// IntDivisions counts the 32-bit integer divisions (and remainders)
	// ptxas expanded into a reciprocal sequence: each starts with an
	// I2F.RP / I2F.U32.RP of the divisor.
	IntDivisions int
}

// Lines counts the kernel's instructions per source line, in line order;
// the padding after the last EXIT (NOPs, the BRA to itself) is left out.
func (k *Kernel) Lines() []LineCounts {
	at := map[[2]any]*LineCounts{}
	var out []*LineCounts
	for _, in := range k.code() {
		key := [2]any{in.File, in.Line}
		lc := at[key]
		if lc == nil {
			lc = &LineCounts{File: in.File, Line: in.Line, ByClass: map[Class]int{}, Accesses: map[string]int{}}
			at[key] = lc
			out = append(out, lc)
		}
		lc.Total++
		lc.ByClass[in.Class]++
		if in.Width > 0 {
			lc.Accesses[fmt.Sprintf("%s.%d", in.Opcode, in.Width)]++
		}
		if in.Opcode == "I2F" && has(in.Modifiers, "RP") {
			lc.IntDivisions++
		}
	}
	sort.SliceStable(out, func(i, j int) bool {
		if out[i].File != out[j].File {
			return out[i].File < out[j].File
		}
		return out[i].Line < out[j].Line
	})
	res := make([]LineCounts, len(out))
	for i, lc := range out {
		res[i] = *lc
	}
	return res
}

// code is the kernel's instructions without the padding ptxas ends every
// function with: a branch to itself after the last EXIT, then NOPs.
func (k *Kernel) code() []Instr {
	end := len(k.Instrs)
	for end > 0 && k.Instrs[end-1].Opcode == "NOP" {
		end--
	}
	if end > 0 && k.selfLoop(k.Instrs[end-1]) {
		end--
	}
	return k.Instrs[:end]
}

// selfLoop says whether in is an unconditional branch to itself.
func (k *Kernel) selfLoop(in Instr) bool {
	if in.Opcode != "BRA" || in.Predicate != "" {
		return false
	}
	target := strings.TrimSuffix(strings.TrimPrefix(in.Operands, "`("), ")")
	addr, ok := k.labels[target]
	return ok && addr == in.Addr
}

func has(xs []string, x string) bool {
	for _, y := range xs {
		if y == x {
			return true
		}
	}
	return false
}
