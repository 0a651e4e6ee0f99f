package vgpu

// Which bytes were written. The virtual GPU knows which bytes of an
// allocation a host copy, a fill or a kernel's store wrote (initSet, the
// shadow the sanitizer's initcheck reads; plain launches keep it too while
// an allocation is not wholly written). A caller that must know what a
// launch wrote — a sampled launch writes the outputs of its sampled blocks
// only — can discard an output instead of filling it with a poison value
// and ask afterwards: nothing is written up front, and the pages the
// launch did not touch are never made.

// Span is a run of bytes [Off, Off+Len), Off from the start of the range
// asked about.
type Span struct{ Off, Len int }

// Discard makes the n bytes at addr unwritten, as freshly allocated: they
// read as zero and count as never written (an initcheck of a kernel that
// reads them before writing them reports it). Whole pages of a large
// allocation go back to the system.
func (g *GPU) Discard(addr uint64, n int) error {
	if _, err := g.span(addr, n, "discard"); err != nil {
		return err
	}
	a := g.table.Load().find(addr, n)
	off := addr - a.addr
	a.zeroRange(off, n)
	a.init.clear(off, n)
	return nil
}

// Written returns the runs of the n bytes at addr that were written since
// they were allocated or discarded, in order.
func (g *GPU) Written(addr uint64, n int) ([]Span, error) {
	if _, err := g.span(addr, n, "written"); err != nil {
		return nil, err
	}
	a := g.table.Load().find(addr, n)
	off := addr - a.addr
	var out []Span
	for _, r := range a.init.runs(off, n) {
		if r.set {
			out = append(out, Span{Off: int(r.off - off), Len: int(r.n)})
		}
	}
	return out, nil
}
