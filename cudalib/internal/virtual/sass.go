package virtual

import (
	"crypto/sha256"
	"encoding/binary"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"sync"

	"github.com/culab/culab/cudalib/internal/seam"
	"github.com/culab/culab/cudalib/nvrtc"
	"github.com/culab/culab/cudalib/ptx"
	"github.com/culab/culab/cudalib/sass"
	"github.com/culab/culab/cudalib/sasscount"
	"github.com/culab/culab/cudalib/vgpu"
	"github.com/culab/culab/cudalib/warpissue"
)

// What the GPU runs: where NVRTC 13 and nvdisasm are installed
// (scripts/setup-cudatools.sh), a profile's launch is counted in SASS too.
// The module is compiled, beside the PTX the virtual GPU runs, to a CUBIN
// of the modelled GPU's architecture with the same request, on the first
// profile of one of its kernels (the CUBIN in NVRTC's cache, the
// disassembly on disk beside it and in memory by source), and the
// launch's PTX counts become SASS counts per basic block (package
// sasscount) after it ran: nothing per lane. The PTX must be the same
// NVRTC's (nvrtc.Load prefers NVRTC 13 where no toolkit is installed):
// another NVRTC's PTX would not pair with the SASS, and the profile
// keeps PTX counts, saying why.

// EnvSASS set to "off" (or 0, false, no) keeps profiles in PTX counts
// where the tools are installed.
const EnvSASS = "CULAB_SASS"

// sassTools are the tools, looked for once a process.
var sassTools = sync.OnceValues(sass.Find)

// SASSCounting says how the profiles of a virtual GPU of compute
// capability arch (90: the H100) count instructions: in SASS (with the
// tools' versions), or in PTX and why.
func SASSCounting(arch int) (sassOn bool, how string) {
	if off() {
		return false, "PTX instructions (" + EnvSASS + " is off)"
	}
	t, err := sassTools()
	if err != nil {
		return false, "PTX instructions (" + err.Error() + ")"
	}
	return true, fmt.Sprintf("SASS instructions (sm_%d, %s; estimated per basic block from the PTX the virtual GPU ran)", arch, t.Version())
}

func off() bool {
	switch strings.ToLower(strings.TrimSpace(os.Getenv(EnvSASS))) {
	case "off", "0", "false", "no":
		return true
	}
	return false
}

// CountSASS counts the SASS of fn's launch whose profile is p: the
// seam.SASSCounter's part.
func (b *virtualBackend) CountSASS(fn seam.Function, p *vgpu.Profile) (*sasscount.Launch, error) {
	vf, ok := fn.(*virtualFunction)
	if !ok || vf.b != b {
		return nil, fmt.Errorf("count SASS: not a kernel of this virtual GPU")
	}
	if p == nil {
		return nil, fmt.Errorf("count SASS: no profile")
	}
	c, err := vf.sassCode()
	if err != nil {
		return nil, err
	}
	l, err := sasscount.Count(c.k, vf.mod.ptx, c.fn, sassRun(p))
	if err != nil {
		return nil, fmt.Errorf("count SASS of %s: %w", vf.name, err)
	}
	return l, nil
}

// sassCode is a kernel's SASS and the PTX function it was made of.
type sassCode struct {
	k  *sass.Kernel
	fn *ptx.Func
}

// sassCode returns the kernel's SASS with its PTX, or why there is none.
func (f *virtualFunction) sassCode() (sassCode, error) {
	if off() {
		return sassCode{}, fmt.Errorf("%s is off", EnvSASS)
	}
	return f.code()
}

// findCode pairs the kernel's SASS with its PTX function (once a
// function: virtualFunction.code).
func (f *virtualFunction) findCode() (sassCode, error) {
	if t, err := sassTools(); err == nil {
		if major, minor := t.NVRTCVersion(); [2]int{major, minor} != f.mod.nvrtc {
			return sassCode{}, fmt.Errorf("the PTX is NVRTC %d.%d's, the SASS would be NVRTC %d.%d's", f.mod.nvrtc[0], f.mod.nvrtc[1], major, minor)
		}
	}
	prog, err := f.mod.sass()
	if err != nil {
		return sassCode{}, err
	}
	sym := f.k.Name()
	k, err := prog.Kernel(sym)
	if err != nil {
		return sassCode{}, err
	}
	for _, pf := range f.mod.ptx.Funcs {
		if pf.Entry && pf.Name == sym && pf.Body != nil {
			return sassCode{k, pf}, nil
		}
	}
	return sassCode{}, fmt.Errorf("count SASS: no PTX kernel %s", sym)
}

// ptxasRegisters is the registers a thread of the kernel takes as ptxas
// allocated them (the CUBIN's), where its SASS is there, so that the
// occupancy API and the time model's resident blocks are the GPU's; else
// the estimate from the PTX, which counts an unrolled loop's independent
// values as live at once (bench/microbench/barphase.cu's 128 steps: 98
// registers, the estimate over 128).
func (f *virtualFunction) ptxasRegisters() int {
	if c, err := f.sassCode(); err == nil && c.k.Registers > 0 {
		return min(c.k.Registers, f.b.spec.RegsPerThread)
	}
	return f.regs
}

func sassRun(p *vgpu.Profile) sasscount.Run {
	return sasscount.Run{Grid: p.Grid, Block: p.Block, PTXWarpInstrs: p.PTXWarpInstrs, PTXDivergent: p.PTXDivergent, Total: p.Total, Lines: p.Lines}
}

// countIssued makes the launch's SASSWarpInstrs, which the time model's
// issue term takes (its chain keeps ChainWarpInstrs), and its ALU, IMAD
// and XU counts what ptxas's code issues
// (package sasscount's estimate per SASS basic block, within 5 % of
// ncu's smsp__inst_executed on 96 % of the zoos' kernels), where the SASS
// is there. Elsewhere the PTX-times-sequence estimate stays (vgpu's
// sassOf: it knows division sequences, not a 64-bit multiply's three
// IMADs or ptxas's merged and dropped instructions).
func (f *virtualFunction) countIssued(p *vgpu.Profile) {
	if p == nil || p.Total.WarpInstrs == 0 {
		return
	}
	c, err := f.sassCode()
	if err != nil {
		return
	}
	if n, err := sasscount.Issue(c.k, c.fn, sassRun(p)); err == nil && n.WarpInstrs > 0 {
		p.Total.SASSWarpInstrs = n.WarpInstrs
		p.Total.ALUWarpInstrs, p.Total.IMADWarpSlots, p.Total.XUWarpInstrs = n.ALU, n.IMADSlots, n.XU
	}
}

// timedLoop is the SASS loop the time model times a launch's warps by:
// the kernel's hottest loop (package warpissue) for a launch of one block,
// whose warps alone on their SM wait for their loads as ptxas scheduled
// them; nil for other launches (their warps hide each other's waits: the
// model's other terms) and where there is no SASS.
func (f *virtualFunction) timedLoop(c seam.LaunchConfig) *warpissue.Loop {
	if c.Grid[0]*max(c.Grid[1], 1)*max(c.Grid[2], 1) != 1 || off() {
		return nil
	}
	return f.loop()
}

// hotLoop finds the kernel's hottest SASS loop: nil where the SASS tools
// are missing or off, or the module does not compile to SASS (the time
// model then keeps its PTX-based chain).
func (f *virtualFunction) hotLoop() *warpissue.Loop {
	prog, err := f.mod.sass()
	if err != nil {
		return nil
	}
	k, err := prog.Kernel(f.k.Name())
	if err != nil {
		return nil
	}
	l, ok := warpissue.Hot(k)
	if !ok {
		return nil
	}
	return &l
}

// sassCache keeps the disassembly of the modules compiled lately, by
// request: a cell run again, or compiled on the companion virtual GPU,
// is disassembled once.
var sassCache = struct {
	sync.Mutex
	progs map[[sha256.Size]byte]*sass.Program
	order [][sha256.Size]byte
}{progs: map[[sha256.Size]byte]*sass.Program{}}

// maxSASSCache is how many modules' disassemblies the cache keeps.
const maxSASSCache = 32

// compileSASS compiles req to its architecture's CUBIN with the tools'
// NVRTC and disassembles it.
func compileSASS(req nvrtc.Request) (*sass.Program, error) {
	t, err := sassTools()
	if err != nil {
		return nil, err
	}
	key := requestKey(req)
	sassCache.Lock()
	prog := sassCache.progs[key]
	sassCache.Unlock()
	if prog != nil {
		return prog, nil
	}
	dir := ""
	if d := nvrtc.DefaultCacheDir(); d != "" {
		dir = filepath.Join(d, "sass")
	}
	prog, err = t.CompileCached(seam.CompileCache(), dir, req)
	var ce *nvrtc.CompileError
	if errors.As(err, &ce) {
		return nil, fmt.Errorf("NVRTC 13 did not compile the module to SASS (the PTX compiled): %w", err)
	}
	if err != nil {
		return nil, err
	}
	sassCache.Lock()
	defer sassCache.Unlock()
	if _, ok := sassCache.progs[key]; !ok {
		if len(sassCache.order) == maxSASSCache {
			delete(sassCache.progs, sassCache.order[0])
			sassCache.order = sassCache.order[1:]
		}
		sassCache.order = append(sassCache.order, key)
	}
	sassCache.progs[key] = prog
	return prog, nil
}

// requestKey covers what changes the CUBIN.
func requestKey(req nvrtc.Request) [sha256.Size]byte {
	h := sha256.New()
	put := func(s string) {
		var n [binary.MaxVarintLen64]byte
		h.Write(n[:binary.PutUvarint(n[:], uint64(len(s)))])
		h.Write([]byte(s))
	}
	put(req.Name)
	put(req.Source)
	put(fmt.Sprint(req.Target.Arch))
	for _, o := range req.Options {
		put(o)
	}
	put("--")
	for _, e := range req.NameExpressions {
		put(e)
	}
	var k [sha256.Size]byte
	h.Sum(k[:0])
	return k
}
