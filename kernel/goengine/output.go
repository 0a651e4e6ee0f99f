package goengine

import (
	"errors"
	"fmt"
	"maps"
	"sort"
	"strings"
	"sync"
	"time"

	"github.com/culab/culab/display"
	"github.com/culab/culab/kernel"
)

const (
	batchDelay = 50 * time.Millisecond // most a print waits before it is sent
	batchBytes = 64 << 10              // sent at once when this much waits
)

// What a cell's displays may hold, besides each text's output limit: an
// image of imageLimits output limits (16 MiB by default; a PNG of 256 MiB
// went whole to the browser), and, since the cell's last clear, at most
// maxDisplays displays of shownLimits output limits in all (a loop that
// showed 100000 values sent them all, and the notebook in the browser
// stopped responding). Past them a display is left out, and a notice at
// the cell's end counts what was. Updates of a display replace it: they
// are not counted.
const (
	imageLimits = 16
	shownLimits = 64
	maxDisplays = 10_000
)

// cell is the output side of one running cell: it batches stream text,
// enforces the output limit and keeps everything sent to the kernel's
// Output in order. Output methods are called one at a time, except Input,
// which may overlap the streaming of what background goroutines print.
type cell struct {
	out        kernel.Output
	allowStdin bool
	limit      int // bytes of stream text; ≤ 0: none

	mu      sync.Mutex
	sent    int
	dropped int64
	pending [2][]byte
	timer   *time.Timer
	closed  bool

	// Displays since the last clear, and those left out (see maxDisplays).
	shown, shownBytes   int
	leftOut, leftOutMsg int
}

func newCell(out kernel.Output, allowStdin bool, limit int) *cell {
	return &cell{out: out, allowStdin: allowStdin, limit: limit}
}

// write queues stream text; false once the cell has ended.
func (c *cell) write(i int, b []byte) bool {
	c.mu.Lock()
	defer c.mu.Unlock()
	if c.closed {
		return false
	}
	if c.limit > 0 {
		room := max(c.limit-c.sent-len(c.pending[stdout])-len(c.pending[stderr]), 0)
		if len(b) > room {
			c.dropped += int64(len(b) - room)
			b = b[:room]
		}
	}
	if len(b) == 0 {
		return true
	}
	c.pending[i] = append(c.pending[i], b...)
	switch {
	case len(c.pending[stdout])+len(c.pending[stderr]) >= batchBytes:
		c.flushLocked(false)
	case c.timer == nil:
		c.timer = time.AfterFunc(batchDelay, c.flushTimer)
	}
	return true
}

func (c *cell) flushTimer() {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.timer = nil
	if !c.closed {
		c.flushLocked(false)
	}
}

// flushLocked sends the queued text. Unless all, an unfinished UTF-8
// sequence at the end waits for its last bytes: a message must not split
// a character.
func (c *cell) flushLocked(all bool) {
	if c.timer != nil {
		c.timer.Stop()
		c.timer = nil
	}
	for i, b := range c.pending {
		n := len(b)
		if !all {
			n = kernel.CompleteUTF8(b)
		}
		if n == 0 {
			continue
		}
		c.out.Stream(streamNames[i], string(b[:n]))
		c.sent += n
		c.pending[i] = append(b[:0], b[n:]...)
	}
}

// flush sends the queued text now.
func (c *cell) flush() {
	c.mu.Lock()
	defer c.mu.Unlock()
	if !c.closed {
		c.flushLocked(true)
	}
}

func (c *cell) display(data, metadata map[string]any, id string, update bool) {
	c.mu.Lock()
	defer c.mu.Unlock()
	if c.closed {
		return
	}
	c.flushLocked(true)
	data = capText(data, c.limit)
	if !update && c.limit > 0 {
		size := bundleBytes(data)
		if c.shown >= maxDisplays || c.shownBytes+size > shownLimits*c.limit {
			c.leftOut, c.leftOutMsg = c.leftOut+1, c.leftOutMsg+size
			return
		}
		c.shown, c.shownBytes = c.shown+1, c.shownBytes+size
	}
	c.out.Display(kernel.MIMEBundle(data), metadata, id, update)
}

// bundleBytes is the size of data's texts (images as base64).
func bundleBytes(data map[string]any) int {
	n := 0
	for _, v := range data {
		if s, ok := v.(string); ok {
			n += len(s)
		}
	}
	return n
}

func (c *cell) clear(wait bool) {
	c.mu.Lock()
	defer c.mu.Unlock()
	if c.closed {
		return
	}
	c.flushLocked(true)
	c.shown, c.shownBytes = 0, 0
	c.out.Clear(wait)
}

// finish sends what is queued, the truncation notice and the result, in
// that order, and ends the cell's output.
func (c *cell) finish(data, metadata map[string]any) {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.flushLocked(true)
	if c.dropped > 0 {
		c.out.Stream("stderr", kernel.TruncationNotice(c.limit, c.dropped))
	}
	if c.leftOut > 0 {
		c.out.Stream("stderr", fmt.Sprintf("[%d displays (%d bytes) left out: a cell's outputs may hold %d displays of %d bytes in all since its last clear (display.Clear)]\n",
			c.leftOut, c.leftOutMsg, maxDisplays, shownLimits*c.limit))
	}
	if data != nil {
		c.out.Result(kernel.MIMEBundle(capText(data, c.limit)), metadata)
	}
	c.closed = true
}

// capText keeps the text of a value within the output limit, as a
// cell's printed output is: text/plain is cut, with a notice; another
// text form past the limit (HTML, Markdown, SVG...) is left out, as cut it
// would not render, and text/plain says so. Images are left whole up to
// imageLimits output limits.
func capText(data map[string]any, limit int) map[string]any {
	if limit <= 0 {
		return data
	}
	var capped map[string]any
	var left []string
	for mime, v := range data {
		text, ok := v.(string)
		image := strings.HasPrefix(mime, "image/") && mime != display.MIMESVG
		if !ok || len(text) <= limit || image && len(text) <= imageLimits*limit {
			continue
		}
		if capped == nil {
			capped = maps.Clone(data)
		}
		if mime == display.MIMEText {
			capped[mime] = kernel.CutText(text, limit)
			continue
		}
		delete(capped, mime)
		left = append(left, fmt.Sprintf("%s (%d bytes)", mime, len(text)))
	}
	if capped == nil {
		return data
	}
	if len(left) > 0 {
		sort.Strings(left)
		plain, _ := capped[display.MIMEText].(string)
		capped[display.MIMEText] = plain + fmt.Sprintf("\n[%s left out: over the output limit of %d bytes (%d for an image)]\n", strings.Join(left, ", "), limit, imageLimits*limit)
	}
	return capped
}

// sink is the display.Sink of a running cell.
type sink struct {
	cap *capture
	c   *cell
}

func (s sink) Display(data, metadata map[string]any, id string, update bool) {
	s.cap.sync()
	s.c.display(data, metadata, id, update)
}

func (s sink) Clear(wait bool) {
	s.cap.sync()
	s.c.clear(wait)
}

var errNoCell = errors.New("no cell is running")

// input asks the front end for a line for the running cell, after what the
// cell printed so far.
func (e *Engine) input(prompt string, password bool) (string, error) {
	c := e.cap.running()
	if c == nil {
		return "", fmt.Errorf("input: %w", errNoCell)
	}
	if !c.allowStdin {
		return "", errors.New("input: the front end does not allow input for this cell")
	}
	e.cap.sync()
	c.flush()
	return c.out.Input(prompt, password)
}
