package engineproc

import (
	"bytes"
	"crypto/rand"
	"encoding/hex"
	"fmt"
	"io"
	"os"
	"strconv"
	"syscall"
	"time"

	"github.com/culab/culab/kernel"
)

// The engine's stdout and stderr (fds 1 and 2 of a running cell, and the
// cells' os.Stdout and os.Stderr) are pipes whose read ends only the
// kernel's process holds: a byte that a cell wrote is in the kernel's pipe
// buffer once the write returns, and no death of the engine can lose it.
// (When the engine read them itself and relayed what it read, a SIGKILL
// between a read and its relay lost that text.)
//
// The engine's own messages (displays, results, replies, stream text it
// makes) come on the event pipe, so the kernel must learn where each of
// them falls in the text of the pipes. Before it sends a message of a
// cell, the engine writes a marker with the message's sequence number into
// both pipes, and the message carries the number: the kernel shows the
// text of each pipe up to that marker first. Whatever a cell wrote before
// the engine sent the message (a print before a display, or before the
// cell's end) is ahead of the marker in the pipe. A marker is shorter than
// PIPE_BUF, so no other writer's bytes cut into it; a random token that the
// kernel picks per engine keeps cells' text from reading as one.

// markEnv hands the engine process its marker token.
const markEnv = "CULAB_ENGINE_MARK"

const (
	markPrefix = "\x00culab-mark-"
	tokenSize  = 16 // hex digits
	seqSize    = 16 // hex digits
	// keptLimit bounds what each stream keeps of text printed between
	// cells (by goroutines) for the next cell.
	keptLimit = 1 << 20
	// readSize is one read of a pipe.
	readSize = 64 << 10
	// piecesQueue bounds the text read ahead of the cell's relay: past it
	// the readers wait, and so do the cell's writers once the pipe is full.
	piecesQueue = 16
)

// newToken makes a marker token.
func newToken() (string, error) {
	var b [tokenSize / 2]byte
	if _, err := rand.Read(b[:]); err != nil {
		return "", fmt.Errorf("engineproc: marker token: %w", err)
	}
	return hex.EncodeToString(b[:]), nil
}

// marker is the marker of message seq.
func marker(token string, seq uint64) []byte {
	b := make([]byte, 0, len(markPrefix)+tokenSize+seqSize+1)
	b = append(b, markPrefix...)
	b = append(b, token...)
	b = fmt.Appendf(b, "%016x", seq)
	return append(b, 0)
}

// outputPipes makes the pipes of the engine's stdout and stderr, each
// {read end, write end}. The write ends block, as writers such as native
// code expect; the read ends do not, so that a read can be ended when a
// process the engine started keeps a write end open after its death.
func outputPipes() ([2][2]*os.File, error) {
	var pipes [2][2]*os.File
	for i := range pipes {
		var fds [2]int
		err := syscall.Pipe2(fds[:], syscall.O_CLOEXEC)
		if err == nil {
			if err = syscall.SetNonblock(fds[0], true); err != nil {
				syscall.Close(fds[0])
				syscall.Close(fds[1])
			}
		}
		if err != nil {
			for _, p := range pipes[:i] {
				p[0].Close()
				p[1].Close()
			}
			return pipes, fmt.Errorf("engineproc: output pipe: %w", err)
		}
		pipes[i] = [2]*os.File{os.NewFile(uintptr(fds[0]), streamNames[i]), os.NewFile(uintptr(fds[1]), streamNames[i])}
		// Best effort: a larger pipe blocks chatty writers less often.
		syscall.Syscall(syscall.SYS_FCNTL, uintptr(fds[1]), syscall.F_SETPIPE_SZ, eventPipeSize)
	}
	return pipes, nil
}

var streamNames = [2]string{"stdout", "stderr"}

// piece is what a pipe reader found: text, or a marker (seq).
type piece struct {
	text []byte
	seq  uint64
}

// readPipe sends what the engine writes to pipe i, text and markers in
// order, until every write end is closed or f is; then it closes pieces.
func readPipe(i int, f *os.File, token string, pieces chan<- piece) {
	defer close(pieces)
	defer f.Close()
	prefix := []byte(markPrefix + token)
	size := len(prefix) + seqSize + 1
	buf := make([]byte, readSize)
	var carry []byte
	for {
		n, err := f.Read(buf)
		data := buf[:max(n, 0)]
		if len(carry) > 0 {
			data = append(carry, data...)
			carry = nil
		}
		for {
			k := bytes.Index(data, prefix)
			if k < 0 || k+size > len(data) {
				break
			}
			seq, perr := strconv.ParseUint(string(data[k+len(prefix):k+size-1]), 16, 64)
			if perr != nil || data[k+size-1] != 0 {
				// Not a marker after all: text.
				k++
				send(pieces, piece{text: data[:k]})
				data = data[k:]
				continue
			}
			send(pieces, piece{text: data[:k]})
			pieces <- piece{seq: seq}
			data = data[k+size:]
		}
		if err != nil {
			send(pieces, piece{text: data})
			return
		}
		// A marker that the next read completes waits for it.
		k := bytes.LastIndexByte(data, 0)
		if k >= 0 && len(data)-k < size && bytes.HasPrefix(prefix, data[k:min(len(data), k+len(prefix))]) {
			carry = bytes.Clone(data[k:])
			data = data[:k]
		}
		send(pieces, piece{text: data})
	}
}

// send sends text, a copy: the reader's buffer is used again.
func send(pieces chan<- piece, p piece) {
	if len(p.text) > 0 {
		p.text = bytes.Clone(p.text)
		pieces <- p
	}
}

// relay is who the pipes' text goes to: the running cell, or between cells
// the keeper, which keeps it for the next cell. Exactly one of them
// receives from pieces at a time. A cell takes no text of a pipe past a
// marker before the marker's event: what follows it came after.
type relay struct {
	pieces  [2]chan piece // each closed at its pipe's end
	seen    [2]uint64     // the last marker read from each pipe
	ended   [2]bool       // pieces[i] is closed
	handled uint64        // the last marker whose event was handled

	kept    [2][]byte
	dropped int64

	stop chan struct{}
	done chan struct{}
}

// keep has the keeper take the pipes' text until take.
func (r *relay) keep() {
	r.stop, r.done = make(chan struct{}), make(chan struct{})
	go func() {
		defer close(r.done)
		for !r.ended[0] || !r.ended[1] {
			select {
			case p, ok := <-r.open(0):
				r.keepPiece(0, p, ok)
			case p, ok := <-r.open(1):
				r.keepPiece(1, p, ok)
			case <-r.stop:
				return
			}
		}
	}()
}

// keepPiece keeps text between cells. A marker read then belongs to an
// event that no cell waits for (the cell that sent it has ended).
func (r *relay) keepPiece(i int, p piece, ok bool) {
	switch {
	case !ok:
		r.ended[i] = true
		return
	case p.seq != 0:
		r.seen[i] = p.seq
		r.handled = max(r.handled, p.seq)
		return
	}
	room := max(keptLimit-len(r.kept[i]), 0)
	if len(p.text) > room {
		r.dropped += int64(len(p.text) - room)
		p.text = p.text[:room]
	}
	r.kept[i] = append(r.kept[i], p.text...)
}

// take ends keep, so that a cell can receive from pieces, and hands the
// text kept to t (nil: drops it).
func (r *relay) take(t *cellText) {
	close(r.stop)
	<-r.done
	if t == nil {
		r.kept, r.dropped = [2][]byte{}, 0
		return
	}
	for i, b := range r.kept {
		t.add(streamNames[i], b)
		r.kept[i] = nil
	}
	if r.dropped > 0 {
		t.add("stderr", fmt.Appendf(nil, "[%d bytes printed between cells were dropped]\n", r.dropped))
		r.dropped = 0
	}
}

// cellText is the stream text of a running cell on its way to the
// cell's Output: it enforces the output limit, keeps the stderr lines
// that say why an engine died, and coalesces text in a batch.
type cellText struct {
	batch
	limit   int // bytes; ≤ 0: none
	sent    int
	dropped int64
	stderr  *tailWriter
	partial [2][]byte // an unfinished UTF-8 sequence of each stream
}

func newCellText(b batch, limit int) *cellText {
	return &cellText{batch: b, limit: limit, stderr: &tailWriter{w: io.Discard, cell: true}}
}

// admit counts text against the limit and says which part of it shows.
func admit[T []byte | string](t *cellText, name string, text T) T {
	if name == "stderr" {
		t.stderr.Write([]byte(text))
	}
	if t.limit > 0 {
		room := max(t.limit-t.sent, 0)
		if len(text) > room {
			t.dropped += int64(len(text) - room)
			text = text[:room]
		}
		t.sent += len(text)
	}
	return text
}

// addEvent takes the stream text of an event, whole UTF-8 sequences.
func (t *cellText) addEvent(name, text string) {
	text = admit(t, name, text)
	if i := streamIndex(name); len(t.partial[i]) > 0 {
		t.put(i, []byte(text))
		return
	}
	if len(text) > 0 {
		t.batch.add(name, text)
	}
}

func streamIndex(name string) int {
	if name == "stderr" {
		return 1
	}
	return 0
}

// add takes text read from a pipe: whole UTF-8 sequences go to the batch,
// an unfinished one at the end waits for its last bytes (a message must
// not split a character).
func (t *cellText) add(name string, text []byte) {
	t.put(streamIndex(name), admit(t, name, text))
}

// put sends on text that was admitted.
func (t *cellText) put(i int, text []byte) {
	name := streamNames[i]
	if len(t.partial[i]) > 0 {
		text = append(t.partial[i], text...)
		t.partial[i] = nil
	}
	n := kernel.CompleteUTF8(text)
	if n < len(text) {
		t.partial[i] = append([]byte(nil), text[n:]...)
	}
	if n > 0 {
		t.batch.add(name, string(text[:n]))
	}
}

// flushAll sends all text that waits, unfinished sequences too.
func (t *cellText) flushAll() {
	for i, b := range t.partial {
		if len(b) > 0 {
			t.batch.add(streamNames[i], string(b))
			t.partial[i] = nil
		}
	}
	t.flush()
}

// end sends what waits and the truncation notice.
func (t *cellText) end() {
	t.flushAll()
	if t.dropped > 0 {
		t.batch.add("stderr", kernel.TruncationNotice(t.limit, t.dropped))
		t.dropped = 0
		t.flush()
	}
}

// open is pipe i's pieces while they last, else nil (a select skips it).
func (r *relay) open(i int) <-chan piece {
	if r.ended[i] {
		return nil
	}
	return r.pieces[i]
}

// source is what a cell may take of pipe i now: nil once it ended, or
// while the pipe is at a marker whose event has not been handled.
func (r *relay) source(i int) <-chan piece {
	if r.seen[i] > r.handled {
		return nil
	}
	return r.open(i)
}

// deliver hands a piece of pipe i that a cell received to its text (t
// nil: drops it).
func (r *relay) deliver(i int, p piece, ok bool, t *cellText) {
	switch {
	case !ok:
		r.ended[i] = true
	case p.seq != 0:
		r.seen[i] = p.seq
	case t != nil:
		t.add(streamNames[i], p.text)
	}
}

// handle readies the handling of an event with marker mark: t gets the
// pipes' text up to the marker.
func (r *relay) handle(mark uint64, t *cellText) {
	for i := range r.pieces {
		for !r.ended[i] && r.seen[i] < mark {
			p, ok := <-r.pieces[i]
			r.deliver(i, p, ok, t)
		}
	}
	r.handled = max(r.handled, mark)
}

// drain hands t the rest of the pipes' text, once the engine is dead:
// until their ends, or for grace at most (a process that the engine
// started may hold a write end), when it closes them with closeEnds.
func (r *relay) drain(t *cellText, grace time.Duration, closeEnds func()) {
	r.handled = max(r.seen[0], r.seen[1]) // no event is left to wait for
	timer := time.NewTimer(grace)
	defer timer.Stop()
	for !r.ended[0] || !r.ended[1] {
		select {
		case p, ok := <-r.open(0):
			r.deliver(0, p, ok, t)
		case p, ok := <-r.open(1):
			r.deliver(1, p, ok, t)
		case <-timer.C:
			closeEnds()
			for i, c := range r.pieces {
				if !r.ended[i] {
					r.ended[i] = true
					go func() {
						for range c { // what the reader still sends as it stops
						}
					}()
				}
			}
		}
	}
}

// startReaders reads the pipes' read ends into a new relay's pieces.
func startReaders(ends [2]*os.File, token string) *relay {
	r := &relay{}
	for i, f := range ends {
		r.pieces[i] = make(chan piece, piecesQueue)
		go readPipe(i, f, token, r.pieces[i])
	}
	return r
}
