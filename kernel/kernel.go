package kernel

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"log"
	"net"
	"os"
	"os/signal"
	"runtime"
	"runtime/debug"
	"sync"
	"sync/atomic"
	"time"

	"github.com/go-zeromq/zmq4"
)

const (
	// sendTimeout bounds how long a send waits for a peer to be connected.
	sendTimeout = 10 * time.Second
	// shutdownGrace is how long shutdown waits for an interrupted cell to
	// return before releasing the engine anyway.
	shutdownGrace = 5 * time.Second
	// iopubLinger lets the PUB socket's send queue drain before it closes
	// after a shutdown_request: zmq4 has no flush, as libzmq has no LINGER
	// for our purposes here.
	iopubLinger = 100 * time.Millisecond
	// queueSize is how many shell requests may wait behind a running cell.
	queueSize = 256
)

var (
	// ErrInterrupted is the cause (context.Cause) of a cell's context when
	// the cell is interrupted.
	ErrInterrupted = errors.New("kernel: interrupted")
	// ErrNoStdin is returned by Output.Input when the request did not allow
	// stdin (allow_stdin false: the front end cannot answer).
	ErrNoStdin = errors.New("kernel: the front end does not accept input for this request")
)

// Options configure a Kernel.
type Options struct {
	// Log receives diagnostics: dropped messages, send failures, engine
	// panics. Nil means os.Stderr, which Jupyter keeps in its server log.
	Log io.Writer
	// HistoryDir holds history.jsonl; empty means DefaultHistoryDir().
	HistoryDir string
	// Version is culab's version, reported in kernel_info when the engine
	// does not give an implementation version.
	Version string
}

// Stats counts incoming messages by fate.
type Stats struct {
	Received     uint64 // well-formed, verified messages handled
	BadSignature uint64 // wrong or unparseable HMAC: dropped
	Replayed     uint64 // signature seen before: dropped
	Malformed    uint64 // bad framing or JSON: dropped
	Unknown      uint64 // verified but of a type the kernel does not handle
}

// Kernel serves one Engine over the five Jupyter channels.
type Kernel struct {
	eng      Engine
	info     Info
	conn     ConnectionInfo
	log      *log.Logger
	sig      *signer
	session  string
	username string
	hist     *history // nil when history could not be opened

	sockCtx                          context.Context
	sockCancel                       context.CancelFunc
	shell, control, stdin, iopub, hb zmq4.Socket

	queue   chan *message // shell requests, in arrival order
	running chan struct{} // a token held by whoever uses the engine
	count   int           // execution count; touched by the worker only

	cellMu     sync.Mutex
	cellCancel context.CancelCauseFunc // the running cell, if any

	parent atomic.Pointer[message] // the shell request handled now, or last
	comms  comms

	stdinMu      sync.Mutex    // one input_request at a time
	stdinReplies chan *message // input_reply messages for Input

	started  atomic.Bool
	stopOnce sync.Once
	stopped  chan struct{} // closed once a shutdown_request is answered
	// stopping is closed when a shutdown begins, before it waits for the
	// worker: a failed cell's wait for requests in flight (abortQueued)
	// ends then.
	stopping  chan struct{}
	engOnce   sync.Once
	engErr    error
	closeOnce sync.Once
	closeErr  error

	received, badSignature, replayed, malformed, unknown atomic.Uint64
}

// ErrParentGone is Serve's result when the process that started the
// kernel exited without shutting it down.
var ErrParentGone = errors.New("kernel: the process that started the kernel is gone")

// Serve runs a kernel as Run does, until a shutdown_request or until ctx
// is done. While it runs, SIGINT interrupts the running cell
// instead of killing the process (Jupyter's interrupt_mode "signal"). When
// Jupyter started it (JPY_PARENT_PID is set) and that parent dies, the
// kernel stops rather than hold its GPU as an orphan, as ipykernel does.
func Serve(ctx context.Context, conn ConnectionInfo, eng Engine, opts Options) error {
	// Catch SIGINT before binding: once a client can reach the kernel, an
	// interrupt must not kill it.
	sigs := make(chan os.Signal, 1)
	signal.Notify(sigs, os.Interrupt)
	defer signal.Stop(sigs)
	k, err := New(conn, eng, opts)
	if err != nil {
		return err
	}
	ctx, cancel := context.WithCancelCause(ctx)
	defer cancel(nil)
	var parentGone <-chan struct{}
	if os.Getenv("JPY_PARENT_PID") != "" && runtime.GOOS != "windows" {
		parentGone = watchParent(ctx, os.Getppid, parentPoll)
	}
	go func() {
		for {
			select {
			case <-sigs:
				k.Interrupt()
			case <-parentGone:
				k.log.Print(ErrParentGone)
				cancel(ErrParentGone)
				return
			case <-ctx.Done():
				return
			}
		}
	}()
	return k.Run(ctx)
}

// parentPoll is how often Serve checks that its parent is alive.
const parentPoll = time.Second

// watchParent returns a channel closed once the parent process is gone: an
// orphan is re-parented (to init or a subreaper), so its parent pid changes.
func watchParent(ctx context.Context, getppid func() int, every time.Duration) <-chan struct{} {
	gone := make(chan struct{})
	parent := getppid()
	go func() {
		t := time.NewTicker(every)
		defer t.Stop()
		for {
			select {
			case <-ctx.Done():
				return
			case <-t.C:
				if getppid() != parent {
					close(gone)
					return
				}
			}
		}
	}()
	return gone
}

// New binds the kernel's sockets; a zero port binds any free one (see
// Conn). The engine is untouched until Run, which owns it from then on.
func New(conn ConnectionInfo, eng Engine, opts Options) (*Kernel, error) {
	if eng == nil {
		return nil, errors.New("kernel: nil engine")
	}
	conn, err := conn.normalize()
	if err != nil {
		return nil, fmt.Errorf("kernel: %w", err)
	}
	sig, err := newSigner(conn)
	if err != nil {
		return nil, fmt.Errorf("kernel: %w", err)
	}
	logw := opts.Log
	if logw == nil {
		logw = os.Stderr
	}
	k := &Kernel{
		eng:          eng,
		conn:         conn,
		log:          log.New(logw, "culab kernel: ", log.LstdFlags),
		sig:          sig,
		session:      newID(),
		username:     username(),
		queue:        make(chan *message, queueSize),
		running:      make(chan struct{}, 1),
		stdinReplies: make(chan *message, 8),
		stopped:      make(chan struct{}),
		stopping:     make(chan struct{}),
	}
	if err := k.guard("info", func() { k.info = withDefaults(eng.Info(), opts.Version) }); err != nil {
		return nil, err
	}
	// History is a convenience: a kernel that cannot write it still runs code.
	dir := opts.HistoryDir
	if dir == "" {
		dir, err = DefaultHistoryDir()
	}
	if err == nil {
		k.hist, err = openHistory(dir)
	}
	if err != nil {
		k.log.Printf("history disabled: %v", err)
	}
	if err := k.bind(logw); err != nil {
		k.Close()
		return nil, err
	}
	return k, nil
}

// bind listens on exactly the connection file's transport, ip and ports.
func (k *Kernel) bind(logw io.Writer) error {
	k.sockCtx, k.sockCancel = context.WithCancel(context.Background())
	zopts := []zmq4.Option{
		zmq4.WithLogger(log.New(logw, "culab kernel: zmq4: ", log.LstdFlags)),
		zmq4.WithTimeout(sendTimeout),
	}
	for _, ch := range []struct {
		name string
		sock *zmq4.Socket
		port *int
		make func(context.Context, ...zmq4.Option) zmq4.Socket
	}{
		{"shell", &k.shell, &k.conn.ShellPort, zmq4.NewRouter},
		{"control", &k.control, &k.conn.ControlPort, zmq4.NewRouter},
		{"stdin", &k.stdin, &k.conn.StdinPort, zmq4.NewRouter},
		{"iopub", &k.iopub, &k.conn.IOPubPort, zmq4.NewXPub}, // XPUB: it hears subscriptions, to welcome them
		{"heartbeat", &k.hb, &k.conn.HBPort, zmq4.NewRep},
	} {
		s := ch.make(k.sockCtx, zopts...)
		ep := k.conn.endpoint(*ch.port)
		if err := s.Listen(ep); err != nil {
			s.Close()
			return fmt.Errorf("kernel: bind %s on %s: %w", ch.name, ep, err)
		}
		*ch.sock = s
		if a, ok := s.Addr().(*net.TCPAddr); ok {
			*ch.port = a.Port
		}
	}
	return nil
}

// Conn is the connection info as bound, with any zero port filled in.
func (k *Kernel) Conn() ConnectionInfo { return k.conn }

// Stats returns the message counters.
func (k *Kernel) Stats() Stats {
	return Stats{
		Received:     k.received.Load(),
		BadSignature: k.badSignature.Load(),
		Replayed:     k.replayed.Load(),
		Malformed:    k.malformed.Load(),
		Unknown:      k.unknown.Load(),
	}
}

// Interrupt cancels the running cell's context (with cause ErrInterrupted)
// and calls Engine.Interrupt; with no cell running it is harmless.
func (k *Kernel) Interrupt() {
	k.cellMu.Lock()
	cancel := k.cellCancel
	k.cellMu.Unlock()
	if cancel != nil {
		cancel(ErrInterrupted)
	}
	_ = k.guard("interrupt", k.eng.Interrupt)
}

// Run serves until a shutdown_request (then it returns the engine's
// Shutdown error, normally nil) or until ctx is done (then
// context.Cause(ctx)).
// Either way it calls Engine.Shutdown exactly once and closes the sockets.
// A restart is the front end's to make: like every Jupyter kernel, this
// one exits on shutdown_request and the kernel manager starts a new
// process, which reads the same connection file.
func (k *Kernel) Run(ctx context.Context) error {
	if !k.started.CompareAndSwap(false, true) {
		return errors.New("kernel: Run called twice")
	}
	defer k.Close()
	ctx, cancel := context.WithCancel(ctx)
	defer cancel()

	var wg sync.WaitGroup
	wg.Go(func() { k.heartbeat(ctx) })
	wg.Go(func() { k.readLoop(ctx, "shell", k.shell, k.enqueue) })
	wg.Go(func() { k.readLoop(ctx, "control", k.control, k.handleControl) })
	wg.Go(func() { k.readLoop(ctx, "stdin", k.stdin, k.handleStdin) })
	wg.Go(func() { k.welcome(ctx) })
	if c, ok := k.eng.(Comms); ok {
		if err := k.guard("start comms", func() { c.StartComms(commHub{k}) }); err != nil {
			k.log.Print(err)
		}
	}
	workerDone := make(chan struct{})
	go func() {
		defer close(workerDone)
		k.worker(ctx)
	}()

	var err error
	select {
	case <-ctx.Done():
		err = context.Cause(ctx)
	case <-k.stopped:
		time.Sleep(iopubLinger)
	}
	cancel()
	err = errors.Join(err, k.stopEngine(false, false))
	k.Close()
	wg.Wait()
	select {
	case <-workerDone:
	case <-time.After(shutdownGrace):
		k.log.Printf("the running cell ignored cancellation; leaving it behind")
	}
	return err
}

// Close releases the sockets and the history file. Run does it on return;
// call it only for a Kernel that is never Run.
func (k *Kernel) Close() error {
	k.closeOnce.Do(func() {
		if k.sockCancel != nil {
			k.sockCancel()
		}
		var errs []error
		for _, s := range []zmq4.Socket{k.shell, k.control, k.stdin, k.iopub, k.hb} {
			// Connections the peer already dropped report net.ErrClosed.
			if s != nil {
				if err := s.Close(); err != nil && !errors.Is(err, net.ErrClosed) {
					errs = append(errs, err)
				}
			}
		}
		if k.hist != nil {
			errs = append(errs, k.hist.close())
		}
		k.closeErr = errors.Join(errs...)
	})
	return k.closeErr
}

// stopEngine interrupts the running cell, waits (bounded) for the worker
// to let go of the engine, and shuts the engine down, once. holdsEngine is
// true when the caller is the worker itself.
func (k *Kernel) stopEngine(restart, holdsEngine bool) error {
	k.engOnce.Do(func() {
		close(k.stopping)
		k.Interrupt()
		if !holdsEngine {
			select {
			case k.running <- struct{}{}: // kept: no cell starts after this
			case <-time.After(shutdownGrace):
				k.log.Printf("shutdown: the running cell did not stop within %v", shutdownGrace)
			}
		}
		var err error
		if perr := k.guard("shutdown", func() { err = k.eng.Shutdown(restart) }); perr != nil {
			err = perr
		}
		if err != nil {
			k.engErr = fmt.Errorf("kernel: engine shutdown: %w", err)
		}
	})
	return k.engErr
}

// stop tells Run that a shutdown_request has been answered.
func (k *Kernel) stop() { k.stopOnce.Do(func() { close(k.stopped) }) }

func (k *Kernel) isStopped() bool {
	select {
	case <-k.stopped:
		return true
	default:
		return false
	}
}

// heartbeat echoes every ping so the front end knows the process is alive,
// even while a cell runs.
func (k *Kernel) heartbeat(ctx context.Context) {
	for {
		msg, err := k.hb.Recv()
		if err != nil {
			if ctx.Err() != nil || k.sockCtx.Err() != nil {
				return
			}
			k.log.Printf("heartbeat: %v", err)
			continue
		}
		if err := k.hb.Send(msg); err != nil {
			k.log.Printf("heartbeat: %v", err)
		}
	}
}

// readLoop receives, verifies and hands over messages from one ROUTER
// socket; whatever fails the checks is logged, counted and dropped.
func (k *Kernel) readLoop(ctx context.Context, channel string, sock zmq4.Socket, handle func(context.Context, *message)) {
	for {
		zm, err := sock.Recv()
		if err != nil {
			if ctx.Err() != nil || k.sockCtx.Err() != nil {
				return
			}
			k.log.Printf("%s: receive: %v", channel, err)
			continue
		}
		// ZMTP commands (a libzmq peer's PING) are transport, not Jupyter.
		if zm.Type == zmq4.CmdMsg {
			continue
		}
		m, err := k.sig.decode(zm.Frames)
		if err != nil {
			switch {
			case errors.Is(err, errBadSignature):
				k.badSignature.Add(1)
			case errors.Is(err, errReplayed):
				k.replayed.Add(1)
			default:
				k.malformed.Add(1)
			}
			k.log.Printf("%s: dropped message: %v", channel, err)
			continue
		}
		k.received.Add(1)
		m.arrived = time.Now()
		handle(ctx, m)
	}
}

// enqueue hands a shell request to the worker, in order.
func (k *Kernel) enqueue(ctx context.Context, m *message) {
	select {
	case k.queue <- m:
	case <-ctx.Done():
	}
}

// worker handles shell requests one at a time, so a running cell holds up
// the shell channel but never the control channel.
func (k *Kernel) worker(ctx context.Context) {
	for {
		var m *message
		select {
		case <-ctx.Done():
			return
		case m = <-k.queue:
		}
		select {
		case <-ctx.Done():
			return
		case k.running <- struct{}{}:
		}
		if k.isStopped() {
			return
		}
		k.handleShell(ctx, m)
		<-k.running
	}
}

// send signs and sends one message; it returns the new msg_id.
func (k *Kernel) send(sock zmq4.Socket, ids [][]byte, parent *message, msgType string, content any) (string, error) {
	return k.sendWith(sock, ids, parent, msgType, struct{}{}, content, nil)
}

// currentParent is the shell request being handled, or the last one.
func (k *Kernel) currentParent() *message { return k.parent.Load() }

// sendWith is send with the message's metadata and binary buffers.
func (k *Kernel) sendWith(sock zmq4.Socket, ids [][]byte, parent *message, msgType string, metadata, content any, buffers [][]byte) (string, error) {
	h := header{
		MsgID:    newID(),
		Session:  k.session,
		Username: k.username,
		Date:     timestamp(),
		MsgType:  msgType,
		Version:  ProtocolVersion,
	}
	var ph json.RawMessage
	if parent != nil {
		ph = parent.rawHeader
	}
	frames, err := k.sig.encode(ids, h, ph, metadata, content)
	if err == nil {
		frames = append(frames, buffers...)
		err = sock.Send(zmq4.NewMsgFrom(frames...))
	}
	if err != nil {
		k.log.Printf("send %s: %v", msgType, err)
		return "", fmt.Errorf("kernel: send %s: %w", msgType, err)
	}
	return h.MsgID, nil
}

// welcome answers each IOPub subscription with an iopub_welcome message
// on its topic (JEP 65): from then on the subscriber receives what the
// kernel publishes, so a client need not guess when IOPub is connected.
// Like ipykernel's, the welcome reaches every subscriber of the topic.
func (k *Kernel) welcome(ctx context.Context) {
	for {
		zm, err := k.iopub.Recv()
		if ctx.Err() != nil || k.sockCtx.Err() != nil {
			return
		}
		if err != nil {
			k.log.Printf("iopub: receive: %v", err)
			continue
		}
		if len(zm.Frames) != 1 || len(zm.Frames[0]) == 0 || zm.Frames[0][0] != 1 {
			continue // an unsubscription
		}
		topic := zm.Frames[0][1:]
		_, _ = k.send(k.iopub, [][]byte{topic}, nil, "iopub_welcome", map[string]any{"subscription": string(topic)})
	}
}

// reply answers req on the socket it came from.
func (k *Kernel) reply(sock zmq4.Socket, req *message, msgType string, content any) {
	_, _ = k.send(sock, req.ids, req, msgType, content)
}

// publish broadcasts on iopub with parent as the parent header.
func (k *Kernel) publish(parent *message, msgType string, content any) {
	topic := []byte("kernel." + k.session + "." + msgType)
	_, _ = k.send(k.iopub, [][]byte{topic}, parent, msgType, content)
}

func (k *Kernel) publishStatus(parent *message, state string) {
	k.publish(parent, "status", map[string]any{"execution_state": state})
}

// guard runs an engine call, turning a panic into an error so a broken
// engine costs one request, not the kernel and its state.
func (k *Kernel) guard(what string, f func()) (err error) {
	defer func() {
		if r := recover(); r != nil {
			k.log.Printf("engine %s panicked: %v\n%s", what, r, debug.Stack())
			err = fmt.Errorf("kernel: engine %s panicked: %v", what, r)
		}
	}()
	f()
	return nil
}

// username names the kernel's user in headers.
func username() string {
	for _, v := range []string{"USER", "LOGNAME", "USERNAME"} {
		if u := os.Getenv(v); u != "" {
			return u
		}
	}
	return "culab"
}
