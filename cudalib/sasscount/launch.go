package sasscount

import (
	"cmp"
	"fmt"
	"math"
	"path/filepath"
	"slices"

	"github.com/culab/culab/cudalib/counters"
	"github.com/culab/culab/cudalib/ptx"
	"github.com/culab/culab/cudalib/sass"
)

// Run is what the virtual GPU counted of one launch of a kernel: the
// inputs of Count.
type Run struct {
	Grid, Block [3]int
	// PTXWarpInstrs are the warp executions of each PTX instruction, by its
	// line in the PTX text (vgpu.Profile.PTXWarpInstrs).
	PTXWarpInstrs map[int]int64
	// PTXDivergent are the divergent executions of each PTX branch, by its
	// line in the PTX text (vgpu.Profile.PTXDivergent); nil: none known.
	PTXDivergent map[int]int64
	// Total and Lines are the launch's counters (vgpu.Profile's): the
	// shared requests are recounted as the SASS issues them.
	Total counters.Counters
	Lines []counters.Line
}

// Launch is one launch's SASS, counted: each instruction's warp
// executions as the GPU would issue them, in total, by pipe, by memory
// access, and per source line with the PTX the line became.
type Launch struct {
	// Code is the kernel's SASS (without the padding after its last EXIT),
	// each instruction with its estimated warp executions.
	Code []Instr
	// WarpInstrs is the SASS warp-instructions of the launch
	// (smsp__inst_executed.sum as ncu counts it on the GPU).
	WarpInstrs int64
	// ByClass splits WarpInstrs by the pipe that runs each instruction.
	ByClass map[sass.Class]int64
	// Accesses are the warp-level memory instructions by opcode and the
	// bits a lane moves ("LDG.128", "LDS.32"): the requests as the SASS
	// makes them, where ptxas merged accesses into wider ones.
	Accesses map[string]int64
	// SharedLoadRequests and SharedStoreRequests are the virtual GPU's,
	// less the accesses a warp jumps over where ptxas kept the branch
	// around them (WithSASS).
	SharedLoadRequests, SharedStoreRequests int64
	// Lines are the source lines with SASS or PTX, sorted by file and line.
	Lines []Line
}

// Instr is a SASS instruction with its estimated warp executions.
type Instr struct {
	sass.Instr
	WarpInstrs int64
}

// Line is what one source line became.
type Line struct {
	File string
	Line int
	// WarpInstrs sums the warp executions of the line's SASS.
	WarpInstrs int64
	// SASS indexes Launch.Code: the line's instructions in address order.
	SASS []int
	// PTX are the line's PTX instructions in order, with the warp
	// executions the virtual GPU counted.
	PTX []PTXInstr
}

// PTXInstr is a PTX instruction as written, with its warp executions.
type PTXInstr struct {
	Text       string
	WarpInstrs int64
}

// Issued is what the time model's issue terms take of every launch,
// without the per-line view: Count's WarpInstrs, and the warp-instructions
// (or, for the FMA pipe's heavy half, its slots) on each pipe narrower
// than issue (sass.Pipe).
type Issued struct {
	WarpInstrs, ALU, IMADSlots, XU int64
}

// Issue counts the launch's Issued.
func Issue(k *sass.Kernel, fn *ptx.Func, r Run) (Issued, error) {
	_, x, err := estimate(k, fn, r)
	if err != nil {
		return Issued{}, err
	}
	// Each instruction's executions rounded, as Count's.
	var out Issued
	code := k.Code()
	for i, v := range x {
		n := int64(math.Round(v))
		out.WarpInstrs += n
		switch p, slots := code[i].Pipe(); p {
		case sass.PipeALU:
			out.ALU += n
		case sass.PipeFMAHeavy:
			out.IMADSlots += n * int64(slots)
		case sass.PipeXU:
			if code[i].Opcode != "MUFU" { // the SFU term's
				out.XU += n
			}
		}
	}
	return out, nil
}

// estimate is each SASS instruction's warp executions (BlockCounts) for
// the launch r, with the PTX counts it came from.
func estimate(k *sass.Kernel, fn *ptx.Func, r Run) (*PTXCounts, []float64, error) {
	pc, err := NewPTXCounts(fn, r.PTXWarpInstrs)
	if err != nil {
		return nil, nil, err
	}
	pc.Diverged(r.PTXDivergent)
	return pc, BlockCounts(k, pc, Warps(r.Grid, r.Block)), nil
}

// Count counts the SASS k of the PTX function fn (of module m, whose
// .file table names the lines) for one launch the virtual GPU ran of fn:
// per SASS basic block from each PTX instruction's warp executions
// (BlockCounts). k must be what ptxas made of fn: the same source,
// options and NVVM.
func Count(k *sass.Kernel, m *ptx.Module, fn *ptx.Func, r Run) (*Launch, error) {
	pc, x, err := estimate(k, fn, r)
	if err != nil {
		return nil, err
	}
	code := k.Code()
	l := &Launch{Code: make([]Instr, len(code)), ByClass: map[sass.Class]int64{}, Accesses: map[string]int64{}}
	type key struct {
		file string
		line int
	}
	at := map[key]*Line{}
	line := func(file string, n int) *Line {
		kk := key{file, n}
		if at[kk] == nil {
			at[kk] = &Line{File: file, Line: n}
		}
		return at[kk]
	}
	// NVRTC makes a file name absolute from the working directory of the
	// compile: the PTX may come from a cache filled elsewhere. A SASS file
	// takes the name of the PTX's file of the same base name.
	ptxFile := map[string]string{}
	for _, f := range m.Files {
		ptxFile[filepath.Base(f)] = f
	}
	fileOf := func(f string) string {
		if p, ok := ptxFile[filepath.Base(f)]; ok {
			return p
		}
		return f
	}
	for i, in := range code {
		n := int64(math.Round(x[i]))
		l.Code[i] = Instr{Instr: in, WarpInstrs: n}
		l.WarpInstrs += n
		l.ByClass[in.Class] += n
		if in.Width > 0 && in.Class == sass.Memory {
			l.Accesses[fmt.Sprintf("%s.%d", in.Opcode, in.Width)] += n
		}
		if in.Line > 0 {
			ln := line(fileOf(in.File), in.Line)
			ln.WarpInstrs += n
			ln.SASS = append(ln.SASS, i)
		}
	}
	for i, in := range fn.Body {
		if in.Loc.Line == 0 {
			continue
		}
		ln := line(m.Files[in.Loc.File], in.Loc.Line)
		ln.PTX = append(ln.PTX, PTXInstr{Text: in.Text, WarpInstrs: int64(pc.count[i])})
	}
	for _, ln := range at {
		l.Lines = append(l.Lines, *ln)
	}
	slices.SortFunc(l.Lines, func(a, b Line) int { return cmp.Or(cmp.Compare(a.File, b.File), cmp.Compare(a.Line, b.Line)) })
	fixed := WithSASS(k, pc, r.Total, r.Lines)
	l.SharedLoadRequests, l.SharedStoreRequests = fixed.SharedLoadRequests, fixed.SharedStoreRequests
	return l, nil
}
