// Package worker keeps the GPU in a child process for cudalib: both ends
// of the pipe between them, the parent's Backend and the worker's server.
package worker

import (
	"encoding/gob"
	"errors"
	"fmt"
	"io"
	"net"
	"os"
	"sync"
	"sync/atomic"
	"time"
	"unsafe"

	"github.com/culab/culab/cudalib/internal/seam"
	"github.com/culab/culab/internal/spawn"
)

// A kernel fault leaves the CUDA driver unusable for the whole process: on
// driver 580 no reset, release or new context clears it. So a program that
// must survive faults (the notebook kernel) keeps the GPU in a worker
// process: every backend call is a message to it, and Reset replaces the
// worker. The worker serves the CUDA driver's backend (package
// cudabackend); this file is both ends.

// werr carries an error across the pipe with its type.
type werr struct {
	Msg     string
	Device  *seam.DeviceError
	Compile *seam.CompileError
}

func toWerr(err error) *werr {
	if err == nil {
		return nil
	}
	w := &werr{Msg: err.Error()}
	var de *seam.DeviceError
	var ce *seam.CompileError
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

// EnvSocket names the socket a worker started under a profiler serves
// over (cudalib's HardwareProfile).
const EnvSocket = "CULAB_WORKER_SOCKET"

// Serve serves the GPU that open opens (the ordinal the parent asks for)
// to a parent over r and w (the worker process's stdin and stdout) until r
// closes. A worker started under a profiler (HardwareProfile) serves over
// the socket named in $CULAB_WORKER_SOCKET instead: the profiler's output
// shares its stdout.
func Serve(r io.Reader, w io.Writer, open func(ordinal int) (seam.Backend, error)) error {
	if path := os.Getenv(EnvSocket); path != "" {
		c, err := net.Dial("unix", path)
		if err != nil {
			return fmt.Errorf("gpu worker: %w", err)
		}
		defer c.Close()
		return serveWith(c, c, open, nil)
	}
	// Open passes the copy stage as descriptor 3 (ExtraFiles).
	return serveWith(r, w, open, func(size int) (*stage, error) { return mapStage(os.NewFile(3, "stage"), size) })
}

// serveWith answers the first request (open) with open, then serves the
// backend it returned. When the parent offers a copy stage (the request's
// Open.Stage), stageOf maps it; nil: none can be mapped. A parent of
// another wire version is told so, and served nothing.
func serveWith(r io.Reader, w io.Writer, open func(int) (seam.Backend, error), stageOf func(size int) (*stage, error)) error {
	var req wreq
	dec, enc := gob.NewDecoder(r), gob.NewEncoder(w)
	if err := dec.Decode(&req); err != nil {
		return fmt.Errorf("gpu worker: first request: %w", err)
	}
	opened := wopened{Version: wireVersion}
	if v := req.Open.Version; req.Op != "open" || v != wireVersion {
		err := versionErr("the program that started it", v)
		enc.Encode(wresp{Opened: opened, Err: toWerr(err)})
		return err
	}
	b, err := open(req.Open.Ordinal)
	if err != nil {
		return enc.Encode(wresp{Opened: opened, Err: toWerr(err)})
	}
	var st *stage
	if req.Open.Stage > 0 && stageOf != nil {
		if st, err = stageOf(req.Open.Stage); err != nil {
			fmt.Fprintf(os.Stderr, "gpu worker: %v; copies go through the pipe\n", err)
		}
		defer st.close()
		// Page-locked, the stage is copied by DMA; pageable still works.
		if p, ok := b.(pinner); ok && st != nil && p.Pin(st.mem) == nil {
			defer p.Unpin(st.mem)
		}
	}
	opened.Info = b.Info()
	if st != nil {
		opened.Stage = len(st.mem) // the parent copies through the stage
	}
	if err := enc.Encode(wresp{Opened: opened}); err != nil {
		return err
	}
	return serve(b, dec, enc, st)
}

// pinner is a backend that can page-lock host memory (the CUDA one).
type pinner interface {
	Pin(mem []byte) error
	Unpin(mem []byte) error
}

// serve answers requests with b until the decoder ends; st is the copy
// stage, nil without one.
func serve(b seam.Backend, dec *gob.Decoder, enc *gob.Encoder, st *stage) error {
	s := &server{b: b, handles: map[uint64]any{}, st: st, reqs: make(chan decoded)}
	// Requests are read ahead of the one being served, so that a
	// compile's cancel reaches it while it runs.
	quit := make(chan struct{})
	defer close(quit)
	go func() {
		for {
			var d decoded
			d.err = dec.Decode(&d.req)
			select {
			case s.reqs <- d:
			case <-quit:
				return
			}
			if d.err != nil {
				return
			}
		}
	}()
	for {
		var req wreq
		if len(s.ahead) > 0 {
			req, s.ahead = s.ahead[0], s.ahead[1:]
		} else {
			d := s.ended
			if d == nil {
				r := <-s.reqs
				d = &r
			}
			if d.err != nil {
				if errors.Is(d.err, io.EOF) {
					return nil
				}
				return fmt.Errorf("gpu worker: %w", d.err)
			}
			req = d.req
		}
		if req.Op == "cancelCompile" {
			continue // its compile was answered before it came
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
	b       seam.Backend
	handles map[uint64]any
	last    uint64 // the last handle handed out
	// reqs are the parent's requests as read; ahead are those read while
	// a compile ran, to serve after it, and ended the read that failed then.
	reqs    chan decoded
	ahead   []wreq
	ended   *decoded
	pending error
	st      *stage
	// slots and ptrs hold a launch record's arguments (launchRecord).
	slots []uint64
	ptrs  []unsafe.Pointer
}

func (s *server) add(h any) uint64 {
	s.last++
	s.handles[s.last] = h
	return s.last
}

// decoded is a request read from the parent, or why none could be.
type decoded struct {
	req wreq
	err error
}

// compile compiles c; where it is cancellable, a "cancelCompile" the parent
// sends meanwhile closes the request's Cancel. Other requests read meanwhile
// (there should be none: the parent waits for the answer) are kept for
// after it; a parent gone stops the compile.
func (s *server) compile(c wcompile) (seam.Module, error) {
	req := seam.CompileRequest{Name: c.Name, Source: c.Source, Options: c.Options, NameExprs: c.NameExprs}
	if !c.Cancellable {
		return s.b.Compile(req)
	}
	cancel := make(chan struct{})
	req.Cancel = cancel
	type result struct {
		m   seam.Module
		err error
	}
	done := make(chan result, 1)
	go func() {
		m, err := s.b.Compile(req)
		done <- result{m, err}
	}()
	for s.ended == nil {
		select {
		case r := <-done:
			return r.m, r.err
		case d := <-s.reqs:
			switch {
			case d.err != nil:
				s.ended = &d
			case d.req.Op == "cancelCompile":
				close(cancel)
				r := <-done
				return r.m, r.err
			default:
				s.ahead = append(s.ahead, d.req)
			}
		}
	}
	close(cancel)
	r := <-done
	return r.m, r.err
}

func (s *server) stream(id uint64) seam.Stream {
	if st, ok := s.handles[id].(seam.Stream); ok {
		return st
	}
	return nil
}

func (s *server) handle(q *wreq) (r wresp, err error) {
	h := s.handles[q.Ptr]
	switch q.Op {
	case "memInfo":
		r.Mem.Free, r.Mem.Total, err = s.b.MemInfo()
	case "alloc":
		var p seam.DevPtr
		p, err = s.b.Alloc(q.N)
		r.Ptr = uint64(p)
	case "free":
		err = s.b.Free(seam.DevPtr(q.Ptr))
	case "htod":
		err = s.b.CopyHtoD(seam.DevPtr(q.Ptr), unsafe.Pointer(unsafe.SliceData(q.Data)), len(q.Data))
	case "dtoh":
		r.Data = make([]byte, q.N)
		err = s.b.CopyDtoH(unsafe.Pointer(unsafe.SliceData(r.Data)), seam.DevPtr(q.Ptr), q.N)
	case "batch":
		err = s.batch(q.Data)
	case "htodStaged", "dtohStaged":
		err = s.staged(q)
	case "dtod":
		err = s.b.CopyDtoD(seam.DevPtr(q.Ptr), seam.DevPtr(q.Ptr2), q.N)
	case "fill":
		err = s.b.Fill(seam.DevPtr(q.Ptr), q.Pattern, q.Size, q.N)
	case "sync":
		err = s.b.Synchronize()
	case "compile":
		var m seam.Module
		if m, err = s.compile(q.Compile); err == nil {
			r.Ptr, r.Module = s.add(m), wmodule{Lowered: m.Lowered(), Log: m.CompileLog(), Cached: m.Cached()}
		}
	case "unload":
		if m, ok := h.(seam.Module); ok {
			err = m.Unload()
			delete(s.handles, q.Ptr)
		}
	case "function":
		m, ok := h.(seam.Module)
		if !ok {
			return r, fmt.Errorf("gpu worker: no module %d", q.Ptr)
		}
		var f seam.Function
		if f, err = m.Function(q.Sym); err == nil {
			r.Ptr = s.add(f)
			r.Func.Attrs, err = f.Attributes()
			r.Func.Sizes, r.Func.SizesOK = f.ParamSizes()
		}
	case "global":
		m, ok := h.(seam.Module)
		if !ok {
			return r, fmt.Errorf("gpu worker: no module %d", q.Ptr)
		}
		var addr seam.DevPtr
		if addr, r.Size, err = m.Global(q.Sym); err == nil {
			r.Ptr = uint64(addr)
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
		return s.b.CopyHtoD(seam.DevPtr(q.Ptr), host, q.N)
	}
	return s.b.CopyDtoH(host, seam.DevPtr(q.Ptr), q.N)
}

// handleFunc serves the calls on functions, streams and timers.
func (s *server) handleFunc(q *wreq, h any) (r wresp, err error) {
	switch q.Op {
	case "newStream":
		var st seam.Stream
		if st, err = s.b.NewStream(); err == nil {
			r.Ptr = s.add(st)
		}
		return r, err
	case "newTimer":
		var t seam.Timer
		if t, err = s.b.NewTimer(); err == nil {
			r.Ptr = s.add(t)
		}
		return r, err
	}
	if h == nil {
		return r, fmt.Errorf("gpu worker: no handle %d for %s", q.Ptr, q.Op)
	}
	switch q.Op {
	case "launchTimed":
		f := h.(seam.Function)
		slots := append([]uint64(nil), q.Params...)
		ptrs := make([]unsafe.Pointer, len(slots))
		for i := range slots {
			ptrs[i] = unsafe.Pointer(&slots[i])
		}
		c := seam.LaunchConfig{Grid: q.Grid, Block: q.Block, Shared: q.Shared, Stream: s.stream(q.Stream)}
		t, _ := s.handles[q.Timer].(seam.Timer)
		err = f.LaunchTimed(c, ptrs, t)
	case "setMaxShared":
		err = h.(seam.Function).SetMaxDynamicShared(q.Occ.Dynamic)
	case "suggestBlock":
		r.Occupancy.MinGrid, r.Occupancy.Block, err = h.(seam.Function).SuggestBlock(q.Occ.Dynamic)
	case "activeBlocks":
		r.Occupancy.Blocks, err = h.(seam.Function).ActiveBlocksPerSM(q.Occ.Block, q.Occ.Dynamic)
	case "streamSync":
		err = h.(seam.Stream).Synchronize()
	case "streamDestroy":
		err = h.(seam.Stream).Destroy()
		delete(s.handles, q.Ptr)
	case "timerStart":
		err = h.(seam.Timer).Start(s.stream(q.Stream))
	case "timerStop":
		err = h.(seam.Timer).Stop(s.stream(q.Stream))
	case "timerElapsed":
		r.Ms, err = h.(seam.Timer).Elapsed()
	case "timerDestroy":
		err = h.(seam.Timer).Destroy()
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
	out    io.ReadCloser
	stop   func() error // ends the worker
	inf    seam.Info
	st     *stage // the copy stage offered to workers; nil: none
	staged bool   // the current worker mapped st
	// batch holds records not sent yet, regions counts the open timed
	// regions (workerbatch.go).
	batch   []byte
	regions int
}

// Open starts a worker process for GPU ordinal: this executable with args
// (a program's "gpu-worker" command, which calls Serve).
func Open(ordinal int, args []string) (seam.Backend, error) {
	exe, err := os.Executable()
	if err != nil {
		return nil, fmt.Errorf("gpu worker: %w", err)
	}
	st, err := newStage(stageSize)
	if err != nil {
		st = nil // copies go through the pipe
	}
	start := func() (io.WriteCloser, io.ReadCloser, func() error, error) {
		return startWorker(exe, args, st)
	}
	p, err := dialWorkerStaged(ordinal, start, st)
	if err != nil {
		st.close()
		return nil, err
	}
	return p, nil
}

// startWorker starts exe with args as a worker: its standard input and
// output are the pipes returned, its standard error culab's, and st's file
// (if any) its descriptor 3. It starts through spawn, so that NVIDIA's
// tools, when they run culab, follow the worker and see its launches.
func startWorker(exe string, args []string, st *stage) (io.WriteCloser, io.ReadCloser, func() error, error) {
	inR, inW, err := os.Pipe()
	if err != nil {
		return nil, nil, nil, fmt.Errorf("start gpu worker: %w", err)
	}
	outR, outW, err := os.Pipe()
	if err != nil {
		inR.Close()
		inW.Close()
		return nil, nil, nil, fmt.Errorf("start gpu worker: %w", err)
	}
	files := []*os.File{inR, outW, os.Stderr}
	if st != nil {
		files = append(files, st.f) // descriptor 3: ServeWorker maps it
	}
	proc, err := spawn.Start(exe, append([]string{exe}, args...), os.Environ(), files)
	inR.Close()
	outW.Close()
	if err != nil {
		inW.Close()
		outR.Close()
		return nil, nil, nil, fmt.Errorf("start gpu worker %s: %w", exe, err)
	}
	stop := func() error {
		// A worker that reads EOF exits by itself, and so finishes what
		// runs at its exit (a CPU profile, a tool's injected library
		// flushing its results); a faulted or hung one is killed.
		inW.Close()
		done := make(chan struct{})
		go func() { proc.Wait(); outR.Close(); close(done) }()
		select {
		case <-done:
		case <-time.After(workerExitGrace):
			proc.Kill()
			<-done
		}
		return nil
	}
	return inW, outR, stop, nil
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
	p.in, p.out, p.stop = in, out, stop
	p.enc, p.dec = gob.NewEncoder(in), gob.NewDecoder(out)
	p.batch, p.regions = p.batch[:0], 0 // what the old worker did not get dies with it
	var resp wresp
	open := wreq{Op: "open", Open: wopen{Version: wireVersion, Ordinal: p.ordinal}}
	if p.st != nil {
		open.Open.Stage = len(p.st.mem)
	}
	if err := p.enc.Encode(open); err != nil {
		stop()
		return fmt.Errorf("gpu worker: %w", err)
	}
	if err := p.dec.Decode(&resp); err != nil {
		stop()
		return fmt.Errorf("gpu worker did not answer: %w", err)
	}
	if v := resp.Opened.Version; v != wireVersion {
		stop()
		return versionErr("the GPU worker", v)
	}
	if err := resp.Err.err(); err != nil {
		stop()
		return err
	}
	p.inf = resp.Opened.Info
	p.staged = p.st != nil && resp.Opened.Stage == len(p.st.mem)
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
	if err := p.encode(q); err != nil || q.Post {
		return wresp{}, err
	}
	var resp wresp
	var intr <-chan struct{}
	if f := interrupts.Load(); f != nil {
		intr = (*f)()
	}
	answered, abandoned := make(chan struct{}), make(chan bool, 1)
	if intr != nil { // none outside a cell: no watcher on the call's path
		go p.abandonAfterInterrupt(intr, answered, abandoned)
	} else {
		abandoned <- false
	}
	err := p.dec.Decode(&resp)
	close(answered)
	if <-abandoned {
		p.lost(q.Op, err)
		return wresp{}, &seam.DeviceError{Op: q.Op, Name: "WORKER_STOPPED", Kind: seam.KindFault,
			Msg: fmt.Sprintf("interrupted: the GPU had not answered %v after the interrupt (an endless kernel?), so its worker process was stopped, and the device's memory with it; call dev.Reset() to start a new one", abandonGrace)}
	}
	if err != nil {
		return wresp{}, p.lost(q.Op, err)
	}
	return resp, resp.Err.err()
}

// abandonGrace is how long a call may go on after the user's interrupt
// before its worker is stopped: a kernel cannot be stopped otherwise, and
// one that never ends would hold the GPU (and every later call) for good.
const abandonGrace = 2 * time.Second

// interrupts gives the channel that closes at the user's interrupt (nil:
// none); OnInterrupt sets it.
var interrupts atomic.Pointer[func() <-chan struct{}]

// OnInterrupt makes f the source of the user's interrupts: a call to the
// worker still unanswered abandonGrace after the channel f returns closes
// stops the worker.
func OnInterrupt(f func() <-chan struct{}) { interrupts.Store(&f) }

// abandonAfterInterrupt closes the worker's output (its reader then fails)
// when intr closes and no answer follows within abandonGrace; it says on
// abandoned whether it did.
func (p *procBackend) abandonAfterInterrupt(intr, answered <-chan struct{}, abandoned chan<- bool) {
	select {
	case <-answered:
		abandoned <- false
		return
	case <-intr:
	}
	select {
	case <-answered:
		abandoned <- false
	case <-time.After(abandonGrace):
		p.out.Close()
		abandoned <- true
	}
}

// encode writes q to the worker; p.mu is held.
func (p *procBackend) encode(q wreq) error {
	if p.enc == nil {
		return &seam.DeviceError{Op: q.Op, Name: "WORKER_GONE", Msg: "the GPU worker is not running; call dev.Reset()", Kind: seam.KindFault}
	}
	if err := p.enc.Encode(q); err != nil {
		return p.lost(q.Op, err)
	}
	return nil
}

// sendCancellable is callLocked, but while it waits for the answer a
// close of cancel (nil: never) sends the worker a "cancelCompile".
func (p *procBackend) sendCancellable(q wreq, cancel <-chan struct{}) (wresp, error) {
	if cancel == nil {
		return p.callLocked(q)
	}
	if err := p.flushLocked(); err != nil {
		return wresp{}, err
	}
	if err := p.encode(q); err != nil {
		return wresp{}, err
	}
	enc, answered, sent := p.enc, make(chan struct{}), make(chan error, 1)
	go func() {
		select {
		case <-cancel:
			sent <- enc.Encode(wreq{Op: "cancelCompile", Post: true})
		case <-answered:
			sent <- nil
		}
	}()
	var resp wresp
	err := p.dec.Decode(&resp)
	close(answered)
	if serr := <-sent; err == nil {
		err = serr
	}
	if err != nil {
		return wresp{}, p.lost(q.Op, err)
	}
	return resp, resp.Err.err()
}

// lost reports a worker that died (killed, or crashed in the driver).
func (p *procBackend) lost(op string, err error) error {
	p.stop()
	p.enc, p.dec = nil, nil
	p.batch, p.regions = p.batch[:0], 0
	return &seam.DeviceError{Op: op, Name: "WORKER_EXITED", Msg: fmt.Sprintf("the GPU worker process ended (%v); call dev.Reset() to start a new one", err), Kind: seam.KindFault}
}

func (p *procBackend) Info() seam.Info { return p.inf }

// Hardware is true: the worker runs kernels on its GPU.
func (p *procBackend) Hardware() bool { return true }

func (p *procBackend) MemInfo() (uint64, uint64, error) {
	r, err := p.call(wreq{Op: "memInfo"})
	return r.Mem.Free, r.Mem.Total, err
}

func (p *procBackend) Alloc(n int) (seam.DevPtr, error) {
	r, err := p.call(wreq{Op: "alloc", N: n})
	return seam.DevPtr(r.Ptr), err
}

func (p *procBackend) Free(ptr seam.DevPtr) error {
	_, err := p.call(wreq{Op: "free", Ptr: uint64(ptr)})
	return err
}

// workerExitGrace is how long a worker whose input closed may take to exit
// before it is killed.
const workerExitGrace = 3 * time.Second

// Copies travel in chunks, so neither side holds a whole large buffer
// twice in an encoded message. A variable only so tests can shrink it.
var copyChunk = 64 << 20

func (p *procBackend) CopyHtoD(dst seam.DevPtr, src unsafe.Pointer, n int) error {
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

func (p *procBackend) CopyDtoH(dst unsafe.Pointer, src seam.DevPtr, n int) error {
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
func (p *procBackend) copyStaged(op string, host []byte, dev seam.DevPtr) (done bool, err error) {
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

func (p *procBackend) Fill(dst seam.DevPtr, pattern uint64, size, count int) error {
	_, err := p.call(wreq{Op: "fill", Ptr: uint64(dst), Pattern: pattern, Size: size, N: count})
	return err
}

func (p *procBackend) Synchronize() error {
	_, err := p.call(wreq{Op: "sync"})
	return err
}

// Reset replaces the worker: the faulted process and everything it held
// are gone, and a fresh one has a working context.
func (p *procBackend) Reset() error {
	p.mu.Lock()
	defer p.mu.Unlock()
	if p.stop != nil {
		p.stop()
	}
	return p.connect()
}

func (p *procBackend) Close() error {
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

func (p *procBackend) Compile(req seam.CompileRequest) (seam.Module, error) {
	q := wreq{Op: "compile", Compile: wcompile{Name: req.Name, Source: req.Source, Options: req.Options, NameExprs: req.NameExprs, Cancellable: req.Cancel != nil}}
	p.mu.Lock()
	defer p.mu.Unlock()
	r, err := p.sendCancellable(q, req.Cancel)
	if err != nil {
		return nil, err
	}
	return &procModule{p: p, id: r.Ptr, names: r.Module.Lowered, log: r.Module.Log, hit: r.Module.Cached}, nil
}

type procModule struct {
	p     *procBackend
	id    uint64
	names map[string]string
	log   string
	hit   bool
}

func (m *procModule) Lowered() map[string]string { return m.names }
func (m *procModule) CompileLog() string         { return m.log }
func (m *procModule) Cached() bool               { return m.hit }

func (m *procModule) Unload() error {
	_, err := m.p.call(wreq{Op: "unload", Ptr: m.id})
	return err
}

func (m *procModule) Function(sym string) (seam.Function, error) {
	r, err := m.p.call(wreq{Op: "function", Ptr: m.id, Sym: sym})
	if err != nil {
		return nil, err
	}
	return &procFunction{p: m.p, id: r.Ptr, attrs: r.Func.Attrs, sizes: r.Func.Sizes, sizesOK: r.Func.SizesOK}, nil
}

// Global is the variable's address in the worker's context, which the
// copies (htod, dtoh, staged) take as they take an allocation's.
func (m *procModule) Global(sym string) (seam.DevPtr, int, error) {
	r, err := m.p.call(wreq{Op: "global", Ptr: m.id, Sym: sym})
	if err != nil {
		return 0, 0, err
	}
	return seam.DevPtr(r.Ptr), r.Size, nil
}

type procFunction struct {
	p       *procBackend
	id      uint64
	attrs   seam.Attributes
	sizes   []int
	sizesOK bool
}

func (f *procFunction) Attributes() (seam.Attributes, error) { return f.attrs, nil }
func (f *procFunction) ParamSizes() ([]int, bool)            { return f.sizes, f.sizesOK }

func (f *procFunction) SetMaxDynamicShared(n int) error {
	_, err := f.p.call(wreq{Op: "setMaxShared", Ptr: f.id, Occ: wocc{Dynamic: n}})
	return err
}

func (f *procFunction) SuggestBlock(dyn int) (int, int, error) {
	r, err := f.p.call(wreq{Op: "suggestBlock", Ptr: f.id, Occ: wocc{Dynamic: dyn}})
	return r.Occupancy.MinGrid, r.Occupancy.Block, err
}

func (f *procFunction) ActiveBlocksPerSM(block, dyn int) (int, error) {
	r, err := f.p.call(wreq{Op: "activeBlocks", Ptr: f.id, Occ: wocc{Block: block, Dynamic: dyn}})
	return r.Occupancy.Blocks, err
}

func (f *procFunction) LaunchTimed(c seam.LaunchConfig, params []unsafe.Pointer, t seam.Timer) error {
	vals := make([]uint64, len(params))
	for i, ptr := range params {
		vals[i] = *(*uint64)(ptr) // every argument slot is 8 bytes (argBlock)
	}
	q := wreq{Op: "launchTimed", Ptr: f.id, Grid: c.Grid, Block: c.Block, Shared: c.Shared, Stream: streamID(c.Stream), Params: vals, Timer: t.(*procTimer).id}
	_, err := f.p.call(q)
	return err
}

type procStream struct {
	p  *procBackend
	id uint64
}

func streamID(s seam.Stream) uint64 {
	if ps, ok := s.(*procStream); ok {
		return ps.id
	}
	return 0
}

func (p *procBackend) NewStream() (seam.Stream, error) {
	r, err := p.call(wreq{Op: "newStream"})
	if err != nil {
		return nil, err
	}
	return &procStream{p: p, id: r.Ptr}, nil
}

func (s *procStream) Synchronize() error {
	_, err := s.p.call(wreq{Op: "streamSync", Ptr: s.id})
	return err
}

func (s *procStream) Destroy() error {
	_, err := s.p.call(wreq{Op: "streamDestroy", Ptr: s.id})
	return err
}

type procTimer struct {
	p  *procBackend
	id uint64
}

func (p *procBackend) NewTimer() (seam.Timer, error) {
	r, err := p.call(wreq{Op: "newTimer"})
	if err != nil {
		return nil, err
	}
	return &procTimer{p: p, id: r.Ptr}, nil
}

func (t *procTimer) Elapsed() (float64, error) {
	r, err := t.p.call(wreq{Op: "timerElapsed", Ptr: t.id})
	return r.Ms, err
}

func (t *procTimer) Destroy() error {
	_, err := t.p.call(wreq{Op: "timerDestroy", Ptr: t.id})
	return err
}
