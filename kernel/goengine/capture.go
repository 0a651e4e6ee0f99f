package goengine

import (
	"bytes"
	"crypto/rand"
	"encoding/hex"
	"errors"
	"fmt"
	"os"
	"sync"
	"syscall"
	"time"
)

// Cells' output travels through one pipe per stream. The interpreter's fmt,
// log, os.Stdout and os.Stderr write to the pipes; with CaptureFD, file
// descriptors 1 and 2 point at them too while a cell runs. A reader per
// pipe hands what arrives to the running cell; what goroutines print
// between cells is kept for the next cell, as ipykernel does. To keep
// prints and display messages in order, a display first writes a marker
// into each pipe and waits until the reader reaches it: everything written
// before is then in the cell's hands.
//
// With Options.Pipes the pipes are a supervising process's, which reads
// them and orders them with the engine's messages itself (so that text a
// cell wrote survives the engine's death): the engine only writes to them.

const (
	stdout = iota
	stderr
)

var streamNames = [2]string{"stdout", "stderr"}

const (
	pipeSize    = 1 << 20         // asked of the kernel; writers block less
	keptLimit   = 1 << 20         // bytes of a stream kept between cells
	readSize    = 64 << 10        // one read from a pipe
	syncTimeout = 5 * time.Second // a wedged reader must not hang the cell
)

// markerPrefix starts a sync marker: a random token in NULs.
const markerPrefix = "\x00culab-sync-"

// fdMu makes the redirection of fds 1 and 2 exclusive in the process: it
// is held from a cell's start to its end, and while New saves the fds.
var fdMu sync.Mutex

type capture struct {
	fd         bool
	external   bool // the pipes are read by a supervising process
	streams    [2]*stream
	saved      [2]*os.File // the original fds 1 and 2 (CaptureFD)
	redirected bool        // fds 1 and 2 point at the pipes; fdMu is held

	mu      sync.Mutex // orders emit with attach, so nothing kept is left behind
	cell    *cell
	kept    [2][]byte // printed between cells, for the next one
	dropped int64     // bytes past keptLimit
}

func newCapture(fd bool, pipes *[2]*os.File) (*capture, error) {
	c := &capture{fd: fd, external: pipes != nil}
	var token [8]byte
	if _, err := rand.Read(token[:]); err != nil {
		return nil, fmt.Errorf("capture marker: %w", err)
	}
	marker := []byte(markerPrefix + hex.EncodeToString(token[:]) + "\x00")
	if fd {
		fdMu.Lock()
		for i := range c.saved {
			nfd, err := dupCloexec(i + 1)
			if err != nil {
				fdMu.Unlock()
				c.closeSaved()
				return nil, fmt.Errorf("save fd %d: %w", i+1, err)
			}
			c.saved[i] = os.NewFile(uintptr(nfd), "original "+streamNames[i])
		}
		fdMu.Unlock()
	}
	for i := range c.streams {
		var w *os.File
		if pipes != nil {
			w = pipes[i]
		}
		s, err := newStream(i, marker, w)
		if err != nil {
			for _, s := range c.streams[:i] {
				s.w.Close()
			}
			c.closeSaved()
			return nil, err
		}
		c.streams[i] = s
		if !c.external {
			go s.read(c)
		}
	}
	return c, nil
}

func dupCloexec(fd int) (int, error) {
	nfd, _, errno := syscall.Syscall(syscall.SYS_FCNTL, uintptr(fd), syscall.F_DUPFD_CLOEXEC, 0)
	if errno != 0 {
		return -1, errno
	}
	return int(nfd), nil
}

func (c *capture) closeSaved() {
	for _, f := range c.saved {
		if f != nil {
			f.Close()
		}
	}
}

// logFile is the original stderr.
func (c *capture) logFile() *os.File {
	if c.fd {
		return c.saved[stderr]
	}
	return os.Stderr
}

// attach sends output to cl from now on (and, with CaptureFD, points fds
// 1 and 2 at the pipes).
func (c *capture) attach(cl *cell) error {
	c.mu.Lock()
	c.cell = cl
	for i, b := range c.kept {
		cl.write(i, b)
		c.kept[i] = nil
	}
	if c.dropped > 0 {
		cl.write(stderr, fmt.Appendf(nil, "[%d bytes printed between cells were dropped]\n", c.dropped))
		c.dropped = 0
	}
	c.mu.Unlock()
	if !c.fd {
		return nil
	}
	fdMu.Lock()
	for i, s := range c.streams {
		if err := syscall.Dup3(int(s.w.Fd()), i+1, 0); err != nil {
			err = fmt.Errorf("redirect fd %d: %w", i+1, err)
			fdMu.Unlock()
			return errors.Join(err, c.restoreFDs())
		}
	}
	c.redirected = true
	return nil
}

// detach gives fds 1 and 2 back and waits until the readers have handed
// cl everything written before; output after that goes to the original
// streams.
func (c *capture) detach() error {
	var err error
	if c.redirected {
		err = c.restoreFDs()
		c.redirected = false
		fdMu.Unlock()
	}
	c.sync()
	c.mu.Lock()
	c.cell = nil
	c.mu.Unlock()
	return err
}

// running is the cell that output goes to, or nil between cells.
func (c *capture) running() *cell {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.cell
}

func (c *capture) restoreFDs() error {
	var errs []error
	for i, f := range c.saved {
		if err := syscall.Dup3(int(f.Fd()), i+1, 0); err != nil {
			errs = append(errs, fmt.Errorf("restore fd %d: %w", i+1, err))
		}
	}
	return errors.Join(errs...)
}

// sync returns once both readers have passed everything written so far
// (external pipes: at once; their reader orders them).
func (c *capture) sync() {
	if c.external {
		return
	}
	for _, s := range c.streams {
		s.sync()
	}
}

// emit hands data read from stream i to the running cell or, between
// cells, keeps it for the next one; external pipes get it written.
func (c *capture) emit(i int, data []byte) {
	if len(data) == 0 {
		return
	}
	if c.external {
		c.streams[i].w.Write(data)
		return
	}
	c.mu.Lock()
	defer c.mu.Unlock()
	if c.cell != nil && c.cell.write(i, data) {
		return
	}
	room := max(keptLimit-len(c.kept[i]), 0)
	if len(data) > room {
		c.dropped += int64(len(data) - room)
		data = data[:room]
	}
	c.kept[i] = append(c.kept[i], data...)
}

// close ends capture: the pipes' write ends close, so the readers stop at
// their end. The saved stderr stays open as the log.
func (c *capture) close() error {
	var errs []error
	for _, s := range c.streams {
		errs = append(errs, s.w.Close())
	}
	if c.fd {
		errs = append(errs, c.saved[stdout].Close())
	}
	return errors.Join(errs...)
}

type stream struct {
	idx    int
	r, w   *os.File
	marker []byte

	wmu     sync.Mutex // orders a marker's write with its waiter
	qmu     sync.Mutex
	waiters []chan struct{} // one per marker written and not yet read
}

// newStream makes the pipe of stream i, or has w, an external pipe's
// write end.
func newStream(i int, marker []byte, w *os.File) (*stream, error) {
	var r *os.File
	if w == nil {
		// Blocking descriptors, unlike os.Pipe's: once one is fd 1, native
		// code and os.Stdout must not see EAGAIN when the pipe is full.
		var p [2]int
		if err := syscall.Pipe2(p[:], syscall.O_CLOEXEC); err != nil {
			return nil, fmt.Errorf("pipe for %s: %w", streamNames[i], err)
		}
		r = os.NewFile(uintptr(p[0]), streamNames[i]+" capture")
		w = os.NewFile(uintptr(p[1]), streamNames[i]+" capture")
	}
	// Best effort: a larger pipe blocks chatty writers less often.
	syscall.Syscall(syscall.SYS_FCNTL, w.Fd(), syscall.F_SETPIPE_SZ, pipeSize)
	return &stream{idx: i, r: r, w: w, marker: marker}, nil
}

// read forwards the pipe's content until every write end is closed,
// answering markers on the way. A marker split across reads is held back
// until the rest arrives.
func (s *stream) read(c *capture) {
	defer s.r.Close()
	buf := make([]byte, readSize)
	var carry []byte
	for {
		n, err := s.r.Read(buf)
		data := buf[:n]
		if len(carry) > 0 {
			data = append(carry, data...)
			carry = nil
		}
		for {
			i := bytes.Index(data, s.marker)
			if i < 0 {
				break
			}
			c.emit(s.idx, data[:i])
			s.release()
			data = data[i+len(s.marker):]
		}
		if err != nil {
			c.emit(s.idx, data)
			return
		}
		k := partialSuffix(data, s.marker)
		c.emit(s.idx, data[:len(data)-k])
		carry = append([]byte(nil), data[len(data)-k:]...)
	}
}

// partialSuffix is the length of the longest suffix of data that is a
// proper prefix of marker.
func partialSuffix(data, marker []byte) int {
	for k := min(len(marker)-1, len(data)); k > 0; k-- {
		if bytes.Equal(data[len(data)-k:], marker[:k]) {
			return k
		}
	}
	return 0
}

// release wakes the oldest waiter: the reader has seen its marker.
func (s *stream) release() {
	s.qmu.Lock()
	defer s.qmu.Unlock()
	if len(s.waiters) > 0 {
		close(s.waiters[0])
		s.waiters = s.waiters[1:]
	}
}

// sync writes a marker and waits until the reader reaches it.
func (s *stream) sync() {
	ch := make(chan struct{})
	s.wmu.Lock()
	s.qmu.Lock()
	s.waiters = append(s.waiters, ch)
	s.qmu.Unlock()
	// Markers are shorter than PIPE_BUF: the write is atomic, never
	// interleaved with other writers' bytes.
	_, err := s.w.Write(s.marker)
	if err != nil {
		s.qmu.Lock()
		s.waiters = s.waiters[:len(s.waiters)-1]
		s.qmu.Unlock()
	}
	s.wmu.Unlock()
	if err != nil {
		return
	}
	timer := time.NewTimer(syncTimeout)
	defer timer.Stop()
	select {
	case <-ch:
	case <-timer.C:
	}
}
