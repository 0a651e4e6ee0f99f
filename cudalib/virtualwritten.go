package cudalib

import (
	"fmt"

	"github.com/culab/culab/cudalib/internal/seam"
)

// Which elements a launch wrote, on the virtual GPU. It knows which bytes
// of its memory each copy, fill and kernel store wrote; code that runs
// sampled launches (cudalib/labs at the report's sizes) discards an output
// instead of filling it with a poison value, and asks afterwards which
// elements the sampled blocks wrote: exact where a poison scan would
// misread a written poison value, and without writing (or keeping in
// memory) the gigabytes a sample never touches.

// Range is the elements [Lo, Hi) of a buffer.
type Range struct{ Lo, Hi int }

// VirtualDiscard makes every element of b unwritten on the virtual GPU:
// they read as zero and VirtualWritten does not list them until something
// writes them. The memory of a large buffer goes back to the system until
// then. Only the virtual GPU tracks writes.
func (d *Device) VirtualDiscard(b Buffer) error {
	wt, m, p, err := d.writeTracker("discard", b)
	if err != nil || m.n == 0 {
		return err
	}
	if err := wt.Discard(p, m.n*m.elemSize); err != nil {
		return fmt.Errorf("discard %d×%s: %w", m.n, m.elemName, err)
	}
	return nil
}

// VirtualWritten lists, in order, the elements of b that something wrote
// since b was allocated or discarded (VirtualDiscard): a copy or fill from
// the host, a device copy of written elements, a kernel's store. An
// element of which any byte was written counts as written.
func (d *Device) VirtualWritten(b Buffer) ([]Range, error) {
	wt, m, p, err := d.writeTracker("written elements", b)
	if err != nil || m.n == 0 {
		return nil, err
	}
	spans, err := wt.Written(p, m.n*m.elemSize)
	if err != nil {
		return nil, fmt.Errorf("written elements of %d×%s: %w", m.n, m.elemName, err)
	}
	var out []Range
	for _, s := range spans {
		r := Range{Lo: s.Off / m.elemSize, Hi: (s.Off + s.Len + m.elemSize - 1) / m.elemSize}
		if l := len(out); l > 0 && out[l-1].Hi >= r.Lo {
			out[l-1].Hi = max(out[l-1].Hi, r.Hi)
			continue
		}
		out = append(out, r)
	}
	return out, nil
}

// writeTracker is d's backend when it tracks writes, with b's memory and
// device pointer.
func (d *Device) writeTracker(op string, b Buffer) (wt seam.WriteTracker, m *devMem, p seam.DevPtr, err error) {
	wt, ok := d.b.(seam.WriteTracker)
	if !ok {
		return nil, nil, 0, fmt.Errorf("%s: only the virtual GPU tracks which elements were written", op)
	}
	if b == nil {
		return nil, nil, 0, fmt.Errorf("%s: %w", op, errNilBuffer)
	}
	m = b.mem()
	if m == nil {
		return nil, nil, 0, fmt.Errorf("%s: %w", op, errNilBuffer)
	}
	if m.dev != d {
		return nil, nil, 0, fmt.Errorf("%s: the buffer belongs to another device", op)
	}
	if m.n == 0 {
		return wt, m, 0, nil
	}
	if p, err = m.live(); err != nil {
		return nil, nil, 0, fmt.Errorf("%s: %w", op, err)
	}
	return wt, m, p, nil
}
