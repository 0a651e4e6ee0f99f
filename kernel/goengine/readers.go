package goengine

import (
	"bytes"
	"errors"
	"io"
	"os"
	"reflect"
)

// Compiled functions that read until EOF never return on a reader without
// an end (/dev/zero, a cell's type whose Read always fills p): an
// interrupt stops interpreted code only, so os.ReadFile("/dev/zero") went
// on after it, growing the heap until Go's runtime ended the engine
// ("fatal error: runtime: out of memory"). The cells' versions read through
// a haltingReader, which fails once the interpreter is stopped (an
// interrupt, the memory guard), and the bytes they collect are checked by
// the memory guard as they grow.

// errReadHalted is the error of a read after the cell was stopped, and
// errReadOverCap of one when the heap is past the cap for a running cell.
var (
	errReadHalted  = errors.New("read stopped: the cell was interrupted")
	errReadOverCap = errors.New("read stopped: the engine's heap is past its cap for a running cell")
	errCopyHalted  = errors.New("copy stopped: the cell was interrupted")
	errCopyOverCap = errors.New("copy stopped: the engine's heap is past its cap for a running cell")
)

// haltingReader reads r until s's interpreter is stopped.
type haltingReader struct {
	r     io.Reader
	s     *session
	halts uint64 // s.halts when the read began
}

func (s *session) halting(r io.Reader) *haltingReader {
	return &haltingReader{r: r, s: s, halts: s.halts.Load()}
}

// Read reads unless the cell was stopped, or the heap is past the cap: a
// destination that grows (io.Copy to a bytes.Buffer) outran the watch's
// ticks, to four times the cap, and a straggler still growing it after
// the cell's variables were reset left the memory held.
func (h *haltingReader) Read(p []byte) (int, error) {
	if h.s.halts.Load() != h.halts {
		return 0, errReadHalted
	}
	if g := h.s.guard; g.limit > 0 && g.stop.Load() != nil {
		if held, over := g.liveOver(0, true); over {
			g.stopCell(held)
			return 0, errReadOverCap
		}
	}
	return h.r.Read(p)
}

// haltingWriter writes to w until s's interpreter is stopped: the
// destination of a source's WriteTo in the cells' io.Copy, whose reads are
// the source's own.
type haltingWriter struct {
	w     io.Writer
	s     *session
	halts uint64
}

// stringHaltingWriter is a haltingWriter of a w with WriteString, which a
// WriteTo (strings.Reader's, through io.WriteString) calls as Go's would.
type stringHaltingWriter struct{ *haltingWriter }

// haltingTo returns w as a haltingWriter, keeping its WriteString.
func (s *session) haltingTo(w io.Writer) io.Writer {
	h := &haltingWriter{w: w, s: s, halts: s.halts.Load()}
	if _, ok := w.(io.StringWriter); ok {
		return stringHaltingWriter{h}
	}
	return h
}

// check is the reason to stop a write: the cell was stopped, or the heap
// is past the cap (as haltingReader.Read's).
func (h *haltingWriter) check() error {
	if h.s.halts.Load() != h.halts {
		return errCopyHalted
	}
	if g := h.s.guard; g.limit > 0 && g.stop.Load() != nil {
		if held, over := g.liveOver(0, true); over {
			g.stopCell(held)
			return errCopyOverCap
		}
	}
	return nil
}

func (h *haltingWriter) Write(p []byte) (int, error) {
	if err := h.check(); err != nil {
		return 0, err
	}
	return h.w.Write(p)
}

func (h stringHaltingWriter) WriteString(str string) (int, error) {
	if err := h.check(); err != nil {
		return 0, err
	}
	return h.w.(io.StringWriter).WriteString(str)
}

// copyHalting is the cells' io.Copy and io.CopyBuffer: Go's, a source's
// WriteTo first, through the halts. Wrapping the source alone hid its
// WriteTo: a cell type's was never called.
func (s *session) copyHalting(dst io.Writer, src io.Reader, buf []byte) (int64, error) {
	if wt, ok := src.(io.WriterTo); ok {
		return wt.WriteTo(s.haltingTo(dst))
	}
	if buf == nil {
		return io.Copy(dst, s.halting(src))
	}
	return io.CopyBuffer(dst, s.halting(src), buf)
}

// readAll is io.ReadAll through a haltingReader, each growth of the bytes
// checked by the memory guard as what; hint is the size expected, or 0.
func (e *Engine) readAll(s *session, what string, r io.Reader, hint int64) ([]byte, error) {
	hint = max(hint, 512)
	e.guard.native(what, hint)
	b := make([]byte, 0, hint)
	hr := s.halting(r)
	for {
		n, err := hr.Read(b[len(b):cap(b)])
		b = b[:len(b)+n]
		if err == io.EOF {
			return b, nil
		}
		if err != nil {
			return b, err
		}
		if len(b) == cap(b) {
			e.guard.native(what, 2*int64(cap(b)))
			b = append(b, 0)[:len(b)]
		}
	}
}

// readFile is the cells' os.ReadFile, by readAll.
func (e *Engine) readFile(s *session, name string) ([]byte, error) {
	f, err := os.Open(name)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	var size int64
	if st, err := f.Stat(); err == nil && st.Mode().IsRegular() {
		size = st.Size() + 1 // and the read that finds EOF
	}
	data, err := e.readAll(s, "os.ReadFile", f, size)
	if err != nil {
		return data, &os.PathError{Op: "read", Path: name, Err: err}
	}
	return data, nil
}

// readerGuards are the cells' io functions that read until EOF.
func (e *Engine) readerGuards(s *session) map[string]reflect.Value {
	return map[string]reflect.Value{
		"ReadAll": reflect.ValueOf(func(r io.Reader) ([]byte, error) { return e.readAll(s, "io.ReadAll", r, 0) }),
		// Their destination grows by the memory guard's watch; the source
		// stops with the cell.
		"Copy": reflect.ValueOf(func(dst io.Writer, src io.Reader) (int64, error) {
			return s.copyHalting(dst, src, nil)
		}),
		"CopyBuffer": reflect.ValueOf(func(dst io.Writer, src io.Reader, buf []byte) (int64, error) {
			if buf != nil && len(buf) == 0 {
				return io.CopyBuffer(dst, src, buf) // Go's panic, with its message
			}
			return s.copyHalting(dst, src, buf)
		}),
		"CopyN": reflect.ValueOf(func(dst io.Writer, src io.Reader, n int64) (int64, error) {
			return io.CopyN(dst, s.halting(src), n)
		}),
	}
}

// bufferType's ReadFrom reads until EOF too: its MethodGuard check makes
// its argument a haltingReader.
func (s *session) readFromGuard(recv reflect.Type, name string) func(args []reflect.Value) {
	if recv.Kind() == reflect.Pointer {
		recv = recv.Elem()
	}
	if recv != reflect.TypeFor[bytes.Buffer]() || name != "ReadFrom" {
		return nil
	}
	return func(args []reflect.Value) {
		if r, ok := args[0].Interface().(io.Reader); ok && r != nil {
			args[0] = reflect.ValueOf(io.Reader(s.halting(r)))
		}
	}
}
