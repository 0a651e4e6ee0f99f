package vgpu

// computeReconvergence sets the reconv field of every branch: the first
// instruction of the immediate post-dominator of the branch's basic block,
// where the lanes of a divergent branch meet again (the classic SIMT
// reconvergence stack). ret and exit lead to a virtual exit node; a branch
// whose post-dominator is that node reconverges at the function's implicit
// ret at the end of code, which is also where lanes stuck in an endless
// loop would have to meet.
func computeReconvergence(code []inst) {
	n := len(code)
	end := int32(n - 1)
	leader := make([]bool, n+1)
	leader[0] = true
	for i := range code {
		switch code[i].ctl {
		case ctlBra:
			leader[code[i].target] = true
			leader[i+1] = true
		case ctlRet, ctlExit:
			leader[i+1] = true
		}
	}
	block := make([]int, n) // instruction -> block
	var starts []int32
	for i := 0; i < n; i++ {
		if leader[i] {
			starts = append(starts, int32(i))
		}
		block[i] = len(starts) - 1
	}
	nb := len(starts)
	exit := nb
	succ := make([][]int, nb+1)
	preds := make([][]int, nb+1) // forward predecessors
	for b := 0; b < nb; b++ {
		last := n - 1
		if b+1 < nb {
			last = int(starts[b+1]) - 1
		}
		in := &code[last]
		var s []int
		switch in.ctl {
		case ctlBra:
			s = append(s, block[in.target])
			if in.guard >= 0 && last+1 < n {
				s = append(s, block[last+1])
			}
		case ctlRet, ctlExit:
			s = append(s, exit)
			if in.guard >= 0 && last+1 < n {
				s = append(s, block[last+1])
			}
		default:
			if last+1 < n {
				s = append(s, block[last+1])
			} else {
				s = append(s, exit)
			}
		}
		succ[b] = s
		for _, t := range s {
			preds[t] = append(preds[t], b)
		}
	}
	// Post-order of the reverse graph from the exit (Cooper, Harvey and
	// Kennedy's iterative dominators on the reversed CFG).
	po := make([]int, nb+1)
	for i := range po {
		po[i] = -1
	}
	var order []int
	type frame struct{ node, next int }
	stack := []frame{{exit, 0}}
	po[exit] = -2
	for len(stack) > 0 {
		top := &stack[len(stack)-1]
		if top.next < len(preds[top.node]) {
			p := preds[top.node][top.next]
			top.next++
			if po[p] == -1 {
				po[p] = -2
				stack = append(stack, frame{p, 0})
			}
			continue
		}
		po[top.node] = len(order)
		order = append(order, top.node)
		stack = stack[:len(stack)-1]
	}
	ipdom := make([]int, nb+1)
	for i := range ipdom {
		ipdom[i] = -1
	}
	ipdom[exit] = exit
	intersect := func(a, b int) int {
		for a != b {
			for po[a] < po[b] {
				a = ipdom[a]
			}
			for po[b] < po[a] {
				b = ipdom[b]
			}
		}
		return a
	}
	for changed := true; changed; {
		changed = false
		for i := len(order) - 2; i >= 0; i-- { // reverse post-order, exit first
			b := order[i]
			nd := -1
			for _, s := range succ[b] {
				if ipdom[s] == -1 || po[s] < 0 {
					continue
				}
				if nd == -1 {
					nd = s
				} else {
					nd = intersect(s, nd)
				}
			}
			if nd != ipdom[b] {
				ipdom[b] = nd
				changed = true
			}
		}
	}
	for i := range code {
		if code[i].ctl != ctlBra {
			continue
		}
		r := ipdom[block[i]]
		if r < 0 || r == exit {
			code[i].reconv = end
		} else {
			code[i].reconv = starts[r]
		}
	}
}
