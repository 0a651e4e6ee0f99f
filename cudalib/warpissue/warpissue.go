// Package warpissue times one warp issuing a loop's body in order against
// a scoreboard, as an SM's scheduler does for a warp that nothing else
// holds up: an instruction issues a cycle after the one before it, or when
// the registers it reads are ready, whichever is later. A global load's
// registers are ready a memory latency after it issued, any other
// instruction's a dependent-instruction latency after. A warp of a
// latency-bound loop thus waits once for each group of loads ptxas placed
// before the first use of one of them: the loads in flight together are
// ptxas's schedule, which differs by architecture (matmul's mm_block: all
// 32 of an unrolled iteration's loads first for sm_75, interleaved with
// the FFMAs, 8 at a time, for sm_90), and which the PTX does not show.
//
// bench/microbench/mlp.cu measured it on an H200: mm_block with its k loop
// unrolled 1 to 32 times costs 140, 76, 76, 74, 50 and 50 cycles a load;
// this package gives 150, 77, 75, 75, 48 and 52 from the SASS of the same
// kernels with the L2 latency the same benchmark's part "lat" gives (292.0
// cycles) (docs/results/2026-11-28-mlp).
package warpissue

import (
	"regexp"
	"strconv"
	"strings"

	"github.com/culab/culab/cudalib/sass"
)

// Op is one instruction of a loop body, as the scoreboard sees it.
type Op struct {
	Kind     Kind
	Dst, Src []int // general registers written and read (R0 … R254)
}

// Kind is what an instruction's result waits for.
type Kind uint8

const (
	ALU    Kind = iota // any instruction whose result a dependent one waits a pipe's latency for
	Global             // a global load (LDG): a memory latency
	Shared             // a shared-memory load (LDS, LDSM)
)

// Loop is the body of a kernel's hottest loop: its instructions in layout
// order and how many of them are global loads.
type Loop struct {
	Ops   []Op
	Loads int
}

// Latencies are what a dependent instruction waits, in cycles, for each
// kind of result.
type Latencies struct {
	Global, Shared, ALU float64
}

// Cycles is the warp's steady-state cycles an iteration of the loop:
// the body issued several times in a row, the first two passes (which
// start from an empty scoreboard) left out.
func (l Loop) Cycles(lat Latencies) float64 {
	const passes, warm = 6, 2
	var ready [predBase + 7]float64 // R0 … R255, then P0 … P6
	t := 0.0
	var start float64
	for p := 0; p < passes; p++ {
		if p == warm {
			start = t
		}
		for _, op := range l.Ops {
			at := t + 1
			for _, r := range op.Src {
				at = max(at, ready[r])
			}
			wait := lat.ALU
			switch op.Kind {
			case Global:
				wait = lat.Global
			case Shared:
				wait = lat.Shared
			}
			for _, r := range op.Dst {
				ready[r] = at + wait
			}
			t = at
		}
	}
	return (t - start) / (passes - warm)
}

// Hot is the kernel's innermost loop with the most global loads (the
// first of equals), when it has any: the loop a latency-bound warp spends
// its time in.
func Hot(k *sass.Kernel) (Loop, bool) {
	g := k.CFG()
	code := k.Code()
	inner := make([]bool, len(g.Loops))
	for i := range inner {
		inner[i] = true
	}
	for _, l := range g.Loops {
		if l.Parent >= 0 {
			inner[l.Parent] = false
		}
	}
	best, most := -1, 0
	for i, l := range g.Loops {
		if !inner[i] {
			continue
		}
		n := 0
		for _, in := range code[g.Blocks[l.Head].From:g.Blocks[l.Tail].To] {
			if in.Opcode == "LDG" {
				n++
			}
		}
		if n > most {
			best, most = i, n
		}
	}
	if best < 0 {
		return Loop{}, false
	}
	l := g.Loops[best]
	body := code[g.Blocks[l.Head].From:g.Blocks[l.Tail].To]
	out := Loop{Ops: make([]Op, len(body)), Loads: most}
	for i, in := range body {
		out.Ops[i] = op(in)
	}
	return out, true
}

// regRE is a general register operand: "R12", "R6.64" (a pair); RZ is
// no register.
var regRE = regexp.MustCompile(`\bR(\d+)(\.64)?\b`)

// predRE is a predicate register operand, negated or not: "P0", "!P3"; PT
// (always true) is no register, nor a uniform one (UP0).
var predRE = regexp.MustCompile(`\bP([0-6])\b`)

// predBase is where the scoreboard keeps the predicates, after R0 … R255.
const predBase = 256

// op is in's scoreboard view. The first operand is the destination but for
// stores, reductions, branches and barriers, whose operands are all read;
// a predicate is a destination there or as the second operand beside one
// (ISETP's two results, IADD3's carry out), a source elsewhere (SEL's
// condition, IADD3.X's carry in) and as the instruction's guard (@P0), so
// that a compare's result waits for the compare. A load's destination
// spans its width (LDG.E.128 R4 writes R4…R7), an FP64 instruction's
// register pairs.
func op(in sass.Instr) Op {
	kind := ALU
	switch in.Opcode {
	case "LDG":
		kind = Global
	case "LDS", "LDSM":
		kind = Shared
	}
	operands := strings.Split(in.Operands, ",")
	noDst := in.Class == sass.Control
	switch in.Opcode {
	case "STG", "STS", "STL", "ST", "RED", "REDG":
		noDst = true
	}
	o := Op{Kind: kind}
	for _, m := range predRE.FindAllStringSubmatch(in.Predicate, -1) {
		n, _ := strconv.Atoi(m[1])
		o.Src = append(o.Src, predBase+n)
	}
	for i, s := range operands {
		for _, m := range predRE.FindAllStringSubmatch(s, -1) {
			n, _ := strconv.Atoi(m[1])
			if i <= 1 && !noDst {
				o.Dst = append(o.Dst, predBase+n)
			} else {
				o.Src = append(o.Src, predBase+n)
			}
		}
		width := 1
		if in.Class == sass.FP64 {
			width = 2
		}
		if i == 0 && !noDst && (in.Class == sass.Memory || in.Class == sass.Const) && in.Width > 32 {
			width = in.Width / 32
		}
		for _, m := range regRE.FindAllStringSubmatch(s, -1) {
			r, _ := strconv.Atoi(m[1])
			w := width
			if m[2] != "" {
				w = 2
			}
			for x := r; x < r+w; x++ {
				if i == 0 && !noDst {
					o.Dst = append(o.Dst, x)
				} else {
					o.Src = append(o.Src, x)
				}
			}
		}
	}
	return o
}
