package sass

import (
	"regexp"
	"strings"
)

// targetRE is a branch's label operand: "`(.L_x_3)" (after a condition
// predicate, "P1, `(.L_x_3)", when there is one).
var targetRE = regexp.MustCompile("`\\((\\.L_x_\\d+)\\)")

// Block is a basic block of a kernel's code: instructions From..To-1
// (indices into Kernel.Instrs) that run together, entered only at From.
type Block struct {
	From, To int
	// Succs are the blocks control can go to next (indices into Blocks).
	Succs []int
	// Loop is the innermost loop holding the block (index into Loops), or
	// -1.
	Loop int
	// Reached says whether control gets here from the kernel's entry
	// without a CALL of a slow path: ptxas's divisions and square roots
	// branch around a CALL of a $__internal_..._slowpath subroutine (laid
	// out after the kernel's last EXIT) that runs only for operands out of
	// the fast path's range (denormals, infinities, huge quotients);
	// nor through a BRA.DIV's target: before a *_sync shuffle or vote
	// ptxas branches to a WARPSYNC'd copy of it for a warp that arrives
	// diverged, and a warp that arrives converged falls through.
	Reached bool
}

// Loop is a loop of the code: blocks Head..Tail (indices into Blocks),
// laid out contiguously as ptxas does, with a branch from a block of the
// range back to Head.
type Loop struct {
	Head, Tail int
	// Parent is the innermost loop around this one, or -1.
	Parent int
}

// CFG is a kernel's control-flow graph.
type CFG struct {
	Blocks []Block
	Loops  []Loop
}

// CFG splits the kernel's code (Lines' instructions: without the padding)
// into basic blocks: a block starts at a branch target and after every
// branch, EXIT or RET, guarded or not. A branch to an earlier (or the same)
// block closes a loop.
func (k *Kernel) CFG() *CFG {
	code := k.code()
	target := func(in Instr) (int, bool) {
		if !isBranch(in.Opcode) {
			return 0, false
		}
		return k.Label(in)
	}
	leader := make([]bool, len(code)+1)
	leader[0] = true
	for i, in := range code {
		if t, ok := target(in); ok {
			leader[t] = true
		}
		if isBranch(in.Opcode) || in.Opcode == "EXIT" || in.Opcode == "RET" {
			leader[i+1] = true
		}
	}
	g := &CFG{}
	blockAt := make([]int, len(code))
	for i := 0; i < len(code); {
		j := i + 1
		for j < len(code) && !leader[j] {
			j++
		}
		for x := i; x < j; x++ {
			blockAt[x] = len(g.Blocks)
		}
		g.Blocks = append(g.Blocks, Block{From: i, To: j, Loop: -1})
		i = j
	}
	for b := range g.Blocks {
		last := code[g.Blocks[b].To-1]
		// BRA.DIV branches only for a diverged warp.
		guarded := (last.Predicate != "" && last.Predicate != "@PT") || divBranch(last)
		next := b+1 < len(g.Blocks)
		t, isTarget := target(last)
		switch {
		case isTarget:
			g.Blocks[b].Succs = append(g.Blocks[b].Succs, blockAt[t])
			if guarded && next {
				g.Blocks[b].Succs = append(g.Blocks[b].Succs, b+1)
			}
		case isBranch(last.Opcode) && !guarded: // indirect: unknown targets
		case (last.Opcode == "EXIT" || last.Opcode == "RET") && !guarded:
		case next:
			g.Blocks[b].Succs = append(g.Blocks[b].Succs, b+1)
		}
	}
	slow := func(b int) bool {
		for _, in := range code[g.Blocks[b].From:g.Blocks[b].To] {
			if in.Opcode == "CALL" && strings.Contains(in.Operands, "_slowpath") {
				return true
			}
		}
		return false
	}
	work := []int{0}
	for len(work) > 0 {
		b := work[len(work)-1]
		work = work[:len(work)-1]
		if g.Blocks[b].Reached || slow(b) {
			continue
		}
		g.Blocks[b].Reached = true
		succs := g.Blocks[b].Succs
		if divBranch(code[g.Blocks[b].To-1]) {
			succs = succs[1:] // the fall-through alone
		}
		work = append(work, succs...)
	}
	// A loop per header: from it to its last back edge's block (of reached
	// blocks: a diverged warp's copy of a shuffle jumps back into the
	// converged path, which is no loop).
	tail := map[int]int{}
	var heads []int
	for b, blk := range g.Blocks {
		if !blk.Reached {
			continue
		}
		for _, s := range blk.Succs {
			if s <= b {
				if _, ok := tail[s]; !ok {
					heads = append(heads, s)
				}
				tail[s] = max(tail[s], b)
			}
		}
	}
	for _, h := range heads {
		g.Loops = append(g.Loops, Loop{Head: h, Tail: tail[h], Parent: -1})
	}
	// The innermost loop is the shortest range holding a block.
	inner := func(from, to, skip int) int {
		best := -1
		for i, l := range g.Loops {
			if i == skip || l.Head > from || l.Tail < to {
				continue
			}
			if best < 0 || l.Tail-l.Head < g.Loops[best].Tail-g.Loops[best].Head {
				best = i
			}
		}
		return best
	}
	for b := range g.Blocks {
		g.Blocks[b].Loop = inner(b, b, -1)
	}
	for i, l := range g.Loops {
		g.Loops[i].Parent = inner(l.Head, l.Tail, i)
	}
	return g
}

// Label is the index in Code of the instruction at the label in's
// operands name (a branch's target, the join a BSSY sets up), if any.
func (k *Kernel) Label(in Instr) (int, bool) {
	m := targetRE.FindStringSubmatch(in.Operands)
	if m == nil {
		return 0, false
	}
	addr, ok := k.labels[m[1]]
	if !ok {
		return 0, false
	}
	for i, c := range k.code() {
		if c.Addr == addr {
			return i, true
		}
	}
	return 0, false
}

// Code are the kernel's instructions without the padding after the last
// EXIT; Block.From and To index it.
func (k *Kernel) Code() []Instr { return k.code() }

// divBranch says whether in is a BRA.DIV, taken by a diverged warp only.
func divBranch(in Instr) bool {
	return in.Opcode == "BRA" && has(in.Modifiers, "DIV")
}

func isBranch(op string) bool {
	switch op {
	case "BRA", "BRX", "JMP", "JMX":
		return true
	}
	return false
}
