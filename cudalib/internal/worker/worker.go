package cudalib

import (
	"encoding/gob"
	"errors"
	"fmt"
	"io"
	"net"
	"os"
	"os/exec"
	"sync"
	"time"
	"unsafe"
)

// A kernel fault leaves the CUDA driver unusable for the whole process: on
// driver 580 no reset, release or new context clears it. So a program that
// must survive faults (the notebook kernel) keeps the GPU in a worker
// process: every backend call is a message to it, and Reset replaces the
// worker. The worker serves a cudaBackend; this file is both ends.

var (
	workerMu   sync.Mutex
	workerArgs []string // how to start a worker: this executable with these arguments
)

// UseWorker makes OpenDevice run the GPU in a child process started as
// this executable with args (a program's "gpu-worker" command, which calls
// ServeWorker). Faults then cost the worker, not the program, and
// Device.Reset recovers. Call it before the first OpenDevice.
func UseWorker(args ...string) {
	workerMu.Lock()
	defer workerMu.Unlock()
	workerArgs = append([]string(nil), args...)
}

func workerCommand() []string {
	workerMu.Lock()
	defer workerMu.Unlock()
	return workerArgs
}

// wreq is one call to the worker. Handles (modules, functions, streams,
// timers) are numbers the worker hands out.
type wreq struct {
	Op      string
	Ordinal int
	Ptr     uint64 // device pointer, or a handle
	Ptr2    uint64
	N       int
	Size    int
	Pattern uint64
	Data    []byte
	Compile wcompile
	Sym     string
	Grid    Dim3
	Block   Dim3
	Shared  int
	Stream  uint64
	Timer   uint64
	Params  []uint64
	Post    bool // no reply: a batch of launches; a failure is reported by the next call
}

// wcompile is a compileRequest on the wire.
type wcompile struct {
	Name, Source       string
	Options, NameExprs []string
}

type wresp struct {
	Err     *werr
	Info    Info
	Ptr     uint64
	A, B    uint64
	N, M    int
	F       float64
	Data    []byte
	Attrs   Attributes
	Sizes   []int
	SizesOK bool
	Lowered map[string]string
	Log     string
	Cached  bool
}

// werr carries an error across the pipe with its type.
type werr struct {
	Msg     string
	Device  *DeviceError
	Compile *CompileError
}

func toWerr(err error) *werr {
	if err == nil {
		return nil
	}
	w := &werr{Msg: err.Error()}
	var de *DeviceError
	var ce *CompileError
	switch {
	case errors.As(err, &ce):
		w.Compile = ce
	case errors.As(err, &de):
		w.Device = de
	}
	return w
}

func (w *werr) err() error {
	var typed error
	switch {
	case w == nil:
		return nil
	case w.Compile != nil:
		typed = w.Compile
	case w.Device != nil:
		typed = w.Device
	default:
		return errors.New(w.Msg)
	}
	if typed.Error() == w.Msg {
		return typed
	}
	return &remoteErr{msg: w.Msg, cause: typed} // context the worker added
}

// remoteErr is a worker's wrapped error: its whole text, and the typed
// error inside for errors.As.
type remoteErr struct {
	msg   string
	cause error
}

func (e *remoteErr) Error() string { return e.msg }
func (e *remoteErr) Unwrap() error { return e.cause }

// ServeWorker serves the GPU of the given ordinal to a parent over r and w
// (the worker process's stdin and stdout) until r closes. A worker started
// under a profiler (HardwareProfile) serves over the socket named in
// $CULAB_WORKER_SOCKET instead: the profiler's output shares its stdout.
func ServeWorker(r io.Reader, w io.Writer) error {
	if path := os.Getenv(envWorkerSocket); path != "" {
		c, err := net.Dial("unix", path)
		if err != nil {
			return fmt.Errorf("gpu worker: %w", err)
		}
		defer c.Close()
		return serveWith(c, c, openCUDA, nil)
	}
	// openWorker passes the copy stage as descriptor 3 (ExtraFiles).
	return serveWith(r, w, openCUDA, func(size int) (*stage, error) { return mapStage(os.NewFile(3, "stage"), size) })
}

// serveWith answers the first request (open) with open, then serves the
// backend it returned. When the parent offers a copy stage (the request's
// Size), stageOf maps it; nil: none can be mapped.
func serveWith(r io.Reader, w io.Writer, open func(int) (backend, error), stageOf func(size int) (*stage, error)) error {
	var req wreq
	dec, enc := gob.NewDecoder(r), gob.NewEncoder(w)
	if err := dec.Decode(&req); err != nil {
		return fmt.Errorf("gpu worker: first request: %w", err)
	}
	b, err := open(req.Ordinal)
	if err != nil {
		return enc.Encode(wresp{Err: toWerr(err)})
	}
	var st *stage
	if req.Size > 0 && stageOf != nil {
		if st, err = stageOf(req.Size); err != nil {
			fmt.Fprintf(os.Stderr, "gpu worker: %v; copies go through the pipe\n", err)
		}
		defer st.close()
		// Page-locked, the stage is copied by DMA; pageable still works.
		if p, ok := b.(pinner); ok && st != nil && p.pin(st.mem) == nil {
			defer p.unpin(st.mem)
		}
	}
	resp := wresp{Info: b.info()}
	if st != nil {
		resp.N = len(st.mem) // the parent copies through the stage
	}
	if err := enc.Encode(resp); err != nil {
		return err
	}
	return serve(b, dec, enc, st)
}

// pinner is a backend that can page-lock host memory (the CUDA one).
type pinner interface {
	pin(mem []byte) error
	unpin(mem []byte) error
}

// serve answers requests with b until the decoder ends; st is the copy
// stage, nil without one.
func serve(b backend, dec *gob.Decoder, enc *gob.Encoder, st *stage) error {
	s := &server{b: b, handles: map[uint64]any{}, st: st}
	for {
		var req wreq
		if err := dec.Decode(&req); err != nil {
			if errors.Is(err, io.EOF) {
				return nil
			}
			return fmt.Errorf("gpu worker: %w", err)
		}
		// As in the driver binding: once a posted launch failed, later
		// launches are dropped and the next call reports the failure.
		if req.Post {
			if s.pending == nil {
				_, s.pending = s.handle(&req)
			}
			continue
		}
		var resp wresp
		var err error
		if s.pending != nil {
			err, s.pending = fmt.Errorf("an earlier kernel launch failed: %w", s.pending), nil
		} else {
			resp, err = s.handle(&req)
		}
		resp.Err = toWerr(err)
		if err := enc.Encode(resp); err != nil {
			return fmt.Errorf("gpu worker: reply: %w", err)
		}
	}
}

type server struct {
	b       backend
	handles map[uint64]any
	next    uint64
	pending error
	st      *stage
	// slots and ptrs hold a launch record's arguments (launchRecord).
	slots []uint64
	ptrs  []unsafe.Pointer
}

func (s *server) add(h any) uint64 {
	s.next++
	s.handles[s.next] = h
	return s.next
}

func (s *server) stream(id uint64) streamImpl {
	if st, ok := s.handles[id].(streamImpl); ok {
		return st
	}
	return nil
}

func (s *server) handle(q *wreq) (r wresp, err error) {
	h := s.handles[q.Ptr]
	switch q.Op {
	case "memInfo":
		r.A, r.B, err = s.b.memInfo()
	case "alloc":
		var p devPtr
		p, err = s.b.alloc(q.N)
		r.Ptr = uint64(p)
	case "free":
		err = s.b.free(devPtr(q.Ptr))
	case "htod":
		err = s.b.copyHtoD(devPtr(q.Ptr), unsafe.Pointer(unsafe.SliceData(q.Data)), len(q.Data))
	case "dtoh":
		r.Data = make([]byte, q.N)
		err = s.b.copyDtoH(unsafe.Pointer(unsafe.SliceData(r.Data)), devPtr(q.Ptr), q.N)
	case "batch":
		err = s.batch(q.Data)
	case "htodStaged", "dtohStaged":
		err = s.staged(q)
	case "dtod":
		err = s.b.copyDtoD(devPtr(q.Ptr), devPtr(q.Ptr2), q.N)
	case "fill":
		err = s.b.fill(devPtr(q.Ptr), q.Pattern, q.Size, q.N)
	case "sync":
		err = s.b.synchronize()
	case "compile":
		var m moduleImpl
		c := q.Compile
		if m, err = s.b.compile(compileRequest{name: c.Name, source: c.Source, options: c.Options, nameExprs: c.NameExprs}); err == nil {
			r.Ptr, r.Lowered, r.Log, r.Cached = s.add(m), m.lowered(), m.compileLog(), m.cached()
		}
	case "unload":
		if m, ok := h.(moduleImpl); ok {
			err = m.unload()
			delete(s.handles, q.Ptr)
		}
	case "function":
		m, ok := h.(moduleImpl)
		if !ok {
			return r, fmt.Errorf("gpu worker: no module %d", q.Ptr)
		}
		var f functionImpl
		if f, err = m.function(q.Sym); err == nil {
			r.Ptr = s.add(f)
			r.Attrs, err = f.attributes()
			r.Sizes, r.SizesOK = f.paramSizes()
		}
	default:
		return s.handleFunc(q, h)
	}
	return r, err
}

// staged copies q.N bytes between the stage and the device.
func (s *server) staged(q *wreq) error {
	if s.st == nil || q.N < 0 || q.N > len(s.st.mem) {
		return fmt.Errorf("gpu worker: %s of %d bytes: no copy stage that large", q.Op, q.N)
	}
	if q.N == 0 {
		return nil
	}
	host := unsafe.Pointer(unsafe.SliceData(s.st.mem))
	if q.Op == "htodStaged" {
		return s.b.copyHtoD(devPtr(q.Ptr), host, q.N)
	}
	return s.b.copyDtoH(host, devPtr(q.Ptr), q.N)
}

// handleFunc serves the calls on functions, streams and timers.
func (s *server) handleFunc(q *wreq, h any) (r wresp, err error) {
	switch q.Op {
	case "newStream":
		var st streamImpl
		if st, err = s.b.newStream(); err == nil {
			r.Ptr = s.add(st)
		}
		return r, err
	case "newTimer":
		var t timerImpl
		if t, err = s.b.newTimer(); err == nil {
			r.Ptr = s.add(t)
		}
		return r, err
	}
	if h == nil {
		return r, fmt.Errorf("gpu worker: no handle %d for %s", q.Ptr, q.Op)
	}
	switch q.Op {
	case "launchTimed":
		f := h.(functionImpl)
		slots := append([]uint64(nil), q.Params...)
		ptrs := make([]unsafe.Pointer, len(slots))
		for i := range slots {
			ptrs[i] = unsafe.Pointer(&slots[i])
		}
		c := launchConfig{grid: q.Grid, block: q.Block, shared: q.Shared, stream: s.stream(q.Stream)}
		t, _ := s.handles[q.Timer].(timerImpl)
		err = f.launchTimed(c, ptrs, t)
	case "setMaxShared":
		err = h.(functionImpl).setMaxDynamicShared(q.N)
	case "suggestBlock":
		r.N, r.M, err = h.(functionImpl).suggestBlock(q.N)
	case "activeBlocks":
		r.N, err = h.(functionImpl).activeBlocksPerSM(q.N, q.Size)
	case "streamSync":
		err = h.(streamImpl).synchronize()
	case "streamDestroy":
		err = h.(streamImpl).destroy()
		delete(s.handles, q.Ptr)
	case "timerStart":
		err = h.(timerImpl).start(s.stream(q.Stream))
	case "timerStop":
		err = h.(timerImpl).stop(s.stream(q.Stream))
	case "timerElapsed":
		r.F, err = h.(timerImpl).elapsed()
	case "timerDestroy":
		err = h.(timerImpl).destroy()
		delete(s.handles, q.Ptr)
	default:
		err = fmt.Errorf("gpu worker: unknown call %q", q.Op)
	}
	return r, err
}

// procBackend is the parent's side: every backend call goes to the worker.
type procBackend struct {
	ordinal int
	start   func() (io.WriteCloser, io.ReadCloser, func() error, error)

	mu     sync.Mutex
	enc    *gob.Encoder
	dec    *gob.Decoder
	in     io.WriteCloser
	stop   func() error // ends the worker
	inf    Info
	st     *stage // the copy stage offered to workers; nil: none
	staged bool   // the current worker mapped st
	// batch holds records not sent yet, regions counts the open timed
	// regions (workerbatch.go).
	batch   []byte
	regions int
}

// openWorker starts a worker process for GPU ordinal.
func openWorker(ordinal int, args []string) (backend, error) {
	exe, err := os.Executable()
	if err != nil {
		return nil, fmt.Errorf("gpu worker: %w", err)
	}
	st, err := newStage(stageSize)
	if err != nil {
		st = nil // copies go through the pipe
	}
	start := func() (io.WriteCloser, io.ReadCloser, func() error, error) {
		cmd := exec.Command(exe, args...)
		cmd.Stderr = os.Stderr
		if st != nil {
			cmd.ExtraFiles = []*os.File{st.f} // descriptor 3: ServeWorker maps it
		}
		in, err := cmd.StdinPipe()
		if err != nil {
			return nil, nil, nil, err
		}
		out, err := cmd.StdoutPipe()
		if err != nil {
			return nil, nil, nil, err
		}
		if err := cmd.Start(); err != nil {
			return nil, nil, nil, fmt.Errorf("start gpu worker %s: %w", exe, err)
		}
		stop := func() error {
			// A worker that reads EOF exits by itself, and so finishes what
			// runs at its exit (a CPU profile, a tool's injected library
			// flushing its results); a faulted or hung one is killed.
			in.Close()
			done := make(chan struct{})
			go func() { cmd.Wait(); close(done) }()
			select {
			case <-done:
			case <-time.After(workerExitGrace):
				cmd.Process.Kill()
				<-done
			}
			return nil
		}
		return in, out, stop, nil
	}
	p, err := dialWorkerStaged(ordinal, start, st)
	if err != nil {
		st.close()
		return nil, err
	}
	return p, nil
}

func dialWorker(ordinal int, start func() (io.WriteCloser, io.ReadCloser, func() error, error)) (*procBackend, error) {
	return dialWorkerStaged(ordinal, start, nil)
}

// dialWorkerStaged starts a worker and offers it st (nil: none) for copies.
func dialWorkerStaged(ordinal int, start func() (io.WriteCloser, io.ReadCloser, func() error, error), st *stage) (*procBackend, error) {
	p := &procBackend{ordinal: ordinal, start: start, st: st}
	if err := p.connect(); err != nil {
		return nil, err
	}
	return p, nil
}

// connect starts a worker and opens the device in it; p.mu is held or p is
// not shared yet.
func (p *procBackend) connect() error {
	in, out, stop, err := p.start()
	if err != nil {
		return err
	}
	p.in, p.stop = in, stop
	p.enc, p.dec = gob.NewEncoder(in), gob.NewDecoder(out)
	p.batch, p.regions = p.batch[:0], 0 // what the old worker did not get dies with it
	var resp wresp
	open := wreq{Op: "open", Ordinal: p.ordinal}
	if p.st != nil {
		open.Size = len(p.st.mem)
	}
	if err := p.enc.Encode(open); err != nil {
		stop()
		return fmt.Errorf("gpu worker: %w", err)
	}
	if err := p.dec.Decode(&resp); err != nil {
		stop()
		return fmt.Errorf("gpu worker did not answer: %w", err)
	}
	if err := resp.Err.err(); err != nil {
		stop()
		return err
	}
	p.inf = resp.Info
	p.staged = p.st != nil && resp.N == len(p.st.mem)
	return nil
}

// call sends q and, unless it is posted, waits for the reply.
func (p *procBackend) call(q wreq) (wresp, error) {
	p.mu.Lock()
	defer p.mu.Unlock()
	return p.callLocked(q)
}

// callLocked is call with p.mu held: records not sent yet go first.
func (p *procBackend) callLocked(q wreq) (wresp, error) {
	if err := p.flushLocked(); err != nil {
		return wresp{}, err
	}
	return p.send(q)
}

// send sends q and, unless it is posted, waits for the reply; p.mu is held.
func (p *procBackend) send(q wreq) (wresp, error) {
	if p.enc == nil {
		return wresp{}, &DeviceError{Op: q.Op, Name: "WORKER_GONE", Msg: "the GPU worker is not running; call dev.Reset()", Kind: KindFault}
	}
	if err := p.enc.Encode(q); err != nil {
		return wresp{}, p.lost(q.Op, err)
	}
	if q.Post {
		return wresp{}, nil
	}
	var resp wresp
	if err := p.dec.Decode(&resp); err != nil {
		return wresp{}, p.lost(q.Op, err)
	}
	return resp, resp.Err.err()
}

// lost reports a worker that died (killed, or crashed in the driver).
func (p *procBackend) lost(op string, err error) error {
	p.stop()
	p.enc, p.dec = nil, nil
	p.batch, p.regions = p.batch[:0], 0
	return &DeviceError{Op: op, Name: "WORKER_EXITED", Msg: fmt.Sprintf("the GPU worker process ended (%v); call dev.Reset() to start a new one", err), Kind: KindFault}
}

func (p *procBackend) info() Info { return p.inf }

func (p *procBackend) memInfo() (uint64, uint64, error) {
	r, err := p.call(wreq{Op: "memInfo"})
	return r.A, r.B, err
}

func (p *procBackend) alloc(n int) (devPtr, error) {
	r, err := p.call(wreq{Op: "alloc", N: n})
	return devPtr(r.Ptr), err
}

func (p *procBackend) free(ptr devPtr) error {
	_, err := p.call(wreq{Op: "free", Ptr: uint64(ptr)})
	return err
}

// workerExitGrace is how long a worker whose input closed may take to exit
// before it is killed.
const workerExitGrace = 3 * time.Second

// Copies travel in chunks, so neither side holds a whole large buffer
// twice in an encoded message. A variable only so tests can shrink it.
var copyChunk = 64 << 20

func (p *procBackend) copyHtoD(dst devPtr, src unsafe.Pointer, n int) error {
	host := unsafe.Slice((*byte)(src), n)
	if done, err := p.copyStaged("htodStaged", host, dst); done {
		return err
	}
	for off := 0; off < n; off += copyChunk {
		end := min(off+copyChunk, n)
		if _, err := p.call(wreq{Op: "htod", Ptr: uint64(dst) + uint64(off), Data: host[off:end]}); err != nil {
			return err
		}
	}
	return nil
}

func (p *procBackend) copyDtoH(dst unsafe.Pointer, src devPtr, n int) error {
	host := unsafe.Slice((*byte)(dst), n)
	if done, err := p.copyStaged("dtohStaged", host, src); done {
		return err
	}
	for off := 0; off < n; off += copyChunk {
		end := min(off+copyChunk, n)
		r, err := p.call(wreq{Op: "dtoh", Ptr: uint64(src) + uint64(off), N: end - off})
		if err != nil {
			return err
		}
		copy(host[off:end], r.Data)
	}
	return nil
}

// copyStaged copies host to or from the device at dev through the stage,
// a stage's size at a time, holding p.mu so that no other copy uses the
// stage meanwhile; done is false when the worker has no stage.
func (p *procBackend) copyStaged(op string, host []byte, dev devPtr) (done bool, err error) {
	p.mu.Lock()
	defer p.mu.Unlock()
	if !p.staged {
		return false, nil
	}
	for off := 0; off < len(host); off += len(p.st.mem) {
		end := min(off+len(p.st.mem), len(host))
		if op == "htodStaged" {
			copy(p.st.mem, host[off:end])
		}
		if _, err := p.callLocked(wreq{Op: op, Ptr: uint64(dev) + uint64(off), N: end - off}); err != nil {
			return true, err
		}
		if op == "dtohStaged" {
			copy(host[off:end], p.st.mem[:end-off])
		}
	}
	return true, nil
}

func (p *procBackend) fill(dst devPtr, pattern uint64, size, count int) error {
	_, err := p.call(wreq{Op: "fill", Ptr: uint64(dst), Pattern: pattern, Size: size, N: count})
	return err
}

func (p *procBackend) synchronize() error {
	_, err := p.call(wreq{Op: "sync"})
	return err
}

// reset replaces the worker: the faulted process and everything it held
// are gone, and a fresh one has a working context.
func (p *procBackend) reset() error {
	p.mu.Lock()
	defer p.mu.Unlock()
	if p.stop != nil {
		p.stop()
	}
	return p.connect()
}

func (p *procBackend) close() error {
	p.mu.Lock()
	defer p.mu.Unlock()
	if p.stop != nil {
		p.stop()
	}
	p.enc, p.dec = nil, nil
	p.st.close()
	p.st, p.staged = nil, false
	return nil
}

func (p *procBackend) compile(req compileRequest) (moduleImpl, error) {
	r, err := p.call(wreq{Op: "compile", Compile: wcompile{Name: req.name, Source: req.source, Options: req.options, NameExprs: req.nameExprs}})
	if err != nil {
		return nil, err
	}
	return &procModule{p: p, id: r.Ptr, names: r.Lowered, log: r.Log, hit: r.Cached}, nil
}

type procModule struct {
	p     *procBackend
	id    uint64
	names map[string]string
	log   string
	hit   bool
}

func (m *procModule) lowered() map[string]string { return m.names }
func (m *procModule) compileLog() string         { return m.log }
func (m *procModule) cached() bool               { return m.hit }

func (m *procModule) unload() error {
	_, err := m.p.call(wreq{Op: "unload", Ptr: m.id})
	return err
}

func (m *procModule) function(sym string) (functionImpl, error) {
	r, err := m.p.call(wreq{Op: "function", Ptr: m.id, Sym: sym})
	if err != nil {
		return nil, err
	}
	return &procFunction{p: m.p, id: r.Ptr, attrs: r.Attrs, sizes: r.Sizes, sizesOK: r.SizesOK}, nil
}

type procFunction struct {
	p       *procBackend
	id      uint64
	attrs   Attributes
	sizes   []int
	sizesOK bool
}

func (f *procFunction) attributes() (Attributes, error) { return f.attrs, nil }
func (f *procFunction) paramSizes() ([]int, bool)       { return f.sizes, f.sizesOK }

func (f *procFunction) setMaxDynamicShared(n int) error {
	_, err := f.p.call(wreq{Op: "setMaxShared", Ptr: f.id, N: n})
	return err
}

func (f *procFunction) suggestBlock(dyn int) (int, int, error) {
	r, err := f.p.call(wreq{Op: "suggestBlock", Ptr: f.id, N: dyn})
	return r.N, r.M, err
}

func (f *procFunction) activeBlocksPerSM(block, dyn int) (int, error) {
	r, err := f.p.call(wreq{Op: "activeBlocks", Ptr: f.id, N: block, Size: dyn})
	return r.N, err
}

func (f *procFunction) launchTimed(c launchConfig, params []unsafe.Pointer, t timerImpl) error {
	vals := make([]uint64, len(params))
	for i, ptr := range params {
		vals[i] = *(*uint64)(ptr) // every argument slot is 8 bytes (argBlock)
	}
	q := wreq{Op: "launchTimed", Ptr: f.id, Grid: c.grid, Block: c.block, Shared: c.shared, Stream: streamID(c.stream), Params: vals, Timer: t.(*procTimer).id}
	_, err := f.p.call(q)
	return err
}

type procStream struct {
	p  *procBackend
	id uint64
}

func streamID(s streamImpl) uint64 {
	if ps, ok := s.(*procStream); ok {
		return ps.id
	}
	return 0
}

func (p *procBackend) newStream() (streamImpl, error) {
	r, err := p.call(wreq{Op: "newStream"})
	if err != nil {
		return nil, err
	}
	return &procStream{p: p, id: r.Ptr}, nil
}

func (s *procStream) synchronize() error {
	_, err := s.p.call(wreq{Op: "streamSync", Ptr: s.id})
	return err
}

func (s *procStream) destroy() error {
	_, err := s.p.call(wreq{Op: "streamDestroy", Ptr: s.id})
	return err
}

type procTimer struct {
	p  *procBackend
	id uint64
}

func (p *procBackend) newTimer() (timerImpl, error) {
	r, err := p.call(wreq{Op: "newTimer"})
	if err != nil {
		return nil, err
	}
	return &procTimer{p: p, id: r.Ptr}, nil
}

func (t *procTimer) elapsed() (float64, error) {
	r, err := t.p.call(wreq{Op: "timerElapsed", Ptr: t.id})
	return r.F, err
}

func (t *procTimer) destroy() error {
	_, err := t.p.call(wreq{Op: "timerDestroy", Ptr: t.id})
	return err
}
