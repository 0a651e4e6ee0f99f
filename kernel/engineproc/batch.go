package engineproc

import (
	"time"

	"github.com/culab/culab/kernel"
)

const (
	// batchBytes of stream text are sent on at once; batchDelay is the
	// most that text waits for more. The kernel's process, which does not
	// die with the engine, reads its output pipes and coalesces the text.
	batchBytes = 64 << 10
	batchDelay = 10 * time.Millisecond
)

// batch coalesces a cell's stream text: consecutive pieces of one stream
// go on as one message. Whatever else the cell sends, or text of the other
// stream, flushes it first, which keeps the order the cell printed in.
// Pieces are whole UTF-8 sequences (cellText keeps a split one back), and
// so are their concatenations.
type batch struct {
	out   kernel.Output
	name  string
	text  []byte
	timer *time.Timer
	due   <-chan time.Time // the timer's channel while text waits; else nil
}

func (b *batch) add(name, text string) {
	if name != b.name {
		b.flush()
		b.name = name
	}
	if len(b.text) == 0 && len(text) >= batchBytes {
		b.out.Stream(name, text)
		return
	}
	b.text = append(b.text, text...)
	switch {
	case len(b.text) >= batchBytes:
		b.flush()
	case b.due == nil:
		if b.timer == nil {
			b.timer = time.NewTimer(batchDelay)
		} else {
			b.timer.Reset(batchDelay)
		}
		b.due = b.timer.C
	}
}

// flush sends the text that waits.
func (b *batch) flush() {
	if b.due != nil {
		b.timer.Stop()
		b.due = nil
	}
	if len(b.text) > 0 {
		b.out.Stream(b.name, string(b.text))
		b.text = b.text[:0]
	}
}
