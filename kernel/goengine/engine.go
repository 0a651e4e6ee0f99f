// Package goengine runs notebook cells as Go with the yaegi interpreter:
// the kernel.Engine behind culab's Jupyter kernel and `culab run`.
//
// A cell may mix declarations and statements; names it defines stay for
// later cells. A cell compiles whole before any of it runs, so that an
// error anywhere runs nothing (whole.go). Common packages (fmt, math, strings, time, cudalib, labs,
// plots, display, nb, ...) need no import line. The value of a final
// expression is the cell's result, shown through display.Bundle; when that
// expression returns an error last, a non-nil error fails the cell and a
// nil one is not shown. Lines starting with % are magics (%help lists them).
//
// Runaway recursion fails the cell with a stack overflow error, and a panic
// in a goroutine that a cell started is reported on the stderr of the
// running cell (or of the next one); the notebook goes on. What goroutines
// print between cells goes to the next cell.
//
// Limitations come from the interpreter: an interrupt stops every
// goroutine the notebook started, not just the cell; a native call
// blocked elsewhere than time.Sleep or a cudalib operation is only stopped
// when it returns; a value of a type defined in a cell, passed to compiled
// code as any, keeps only its String method (for fmt, display.Show and
// results), so display cannot see a cell type's HTML method; a type
// redefined in a later cell keeps its first definition (yaegi v0.16.1).
package goengine

import (
	"context"
	"fmt"
	"io"
	"os"
	"os/signal"
	"runtime"
	"runtime/debug"
	"strings"
	"sync"
	"sync/atomic"

	"github.com/culab/culab/cudalib"
	"github.com/culab/culab/kernel"
	"github.com/culab/culab/kernel/comm"
	"github.com/culab/culab/kernel/nb"
)

// DefaultOutputLimit is the output a cell may print when Options says 0.
const DefaultOutputLimit = 1 << 20

// DefaultMaxStackFrames bounds a goroutine's stack while it runs cell
// code: past it, a call fails with a stack overflow that the cell reports.
// An interpreted call takes 3 Go frames and about 1 KiB of stack (7 frames
// and 7 KiB through a method or a func value), so the limit is 66,000
// calls deep at most and stays under 256 MiB of stack, far from Go's own
// limit of 1 GB, whose overflow is fatal and ends the kernel.
const DefaultMaxStackFrames = 200_000

// Options configure an Engine.
type Options struct {
	// CaptureFD redirects file descriptors 1 and 2 to the running cell's
	// output, so that native code and syscall.Write(1, ...) reach the
	// notebook too. It is process-wide while a cell runs: the kernel
	// process and `culab run` want it; tests may not. Without it, cells'
	// fmt, log, os.Stdout and os.Stderr are captured all the same.
	CaptureFD bool
	// OutputLimit caps the bytes of stdout and stderr one cell sends, and
	// those of the text of each value it shows (its result, a display);
	// the rest is dropped with a notice. 0 means DefaultOutputLimit, a
	// negative value no limit.
	OutputLimit int
	// Pipes, when set, are the write ends of the pipes of stdout and
	// stderr (blocking), which a process that supervises the engine
	// reads: cells' text is in its hands once written, whatever becomes
	// of the engine, and it orders the text with the engine's messages
	// (kernel/engineproc). The engine does not read them. Without them the
	// engine makes its own pipes and reads them.
	Pipes *[2]*os.File
	// MaxStackFrames bounds the Go frames of a goroutine running cell
	// code: a call past it fails with a stack overflow error of the cell.
	// 0 means DefaultMaxStackFrames.
	MaxStackFrames int
	// Version is the implementation version kernel_info reports.
	Version string
	// CellMemory caps the live Go heap while a cell runs: past it the cell
	// is stopped, its variables reset, and an allocation that would pass
	// it at once is refused (memguard.go). 0 means CULAB_CELL_MEMORY when
	// set ("2GiB", or "off"), else 0.6 of the memory the process may use
	// (its cgroup's limit, else the machine's); negative, no cap.
	CellMemory int64
}

// Engine is the Go kernel.Engine. Cells run one at a time.
type Engine struct {
	opts Options
	cap  *capture
	logw *os.File

	mu     sync.Mutex // held while a cell runs
	closed bool

	sess      *session
	guard     memGuard
	idleGuard chan struct{} // closed to end idleWatch

	threadBound int64 // the OS threads past which a cell may not hold one (threads.go)
	signals     interruptSignals

	cancelMu sync.Mutex
	cancel   context.CancelCauseFunc // the running cell's

	cellCtx atomic.Pointer[context.Context] // for the interruptible time.Sleep

	hub     atomic.Pointer[kernel.CommHub] // set once a front end takes comms
	request atomic.Pointer[requestInfo]    // the request being handled

	restoreHost func()
}

var _ kernel.Engine = (*Engine)(nil)

// New starts an interpreter with the preloaded packages. With
// Options.CaptureFD it saves the original stderr for LogWriter and makes
// it the destination of fatal crash reports.
func New(opts Options) (*Engine, error) {
	if opts.OutputLimit == 0 {
		opts.OutputLimit = DefaultOutputLimit
	}
	if opts.MaxStackFrames == 0 {
		opts.MaxStackFrames = DefaultMaxStackFrames
	}
	if opts.Version == "" {
		opts.Version = "dev"
	}
	c, err := newCapture(opts.CaptureFD, opts.Pipes)
	if err != nil {
		return nil, fmt.Errorf("goengine: %w", err)
	}
	e := &Engine{opts: opts, cap: c, logw: c.logFile()}
	limit, err := cellMemory(opts.CellMemory)
	if err != nil {
		e.logf("%v; the cap for a running cell is %d bytes", err, limit)
	}
	e.guard.limit = limit
	e.threadBound = threadBound()
	e.signals = interruptSignals{ignored: signal.Ignored(os.Interrupt), cells: map[chan<- os.Signal]bool{}}
	if opts.CaptureFD {
		// The runtime's own report of a fatal error (such as concurrent
		// map writes) would otherwise go into the cell's output, a
		// goroutine dump of megabytes.
		if err := debug.SetCrashOutput(e.logw, debug.CrashOptions{}); err != nil {
			fmt.Fprintf(e.logw, "goengine: crash output: %v\n", err)
		}
	}
	if e.sess, err = e.newSession(); err != nil {
		c.close()
		return nil, fmt.Errorf("goengine: %w", err)
	}
	if e.guard.limit > 0 {
		e.idleGuard = make(chan struct{})
		go e.idleWatch(e.idleGuard)
	}
	restoreNB, restoreComm := nb.SetHost(host{e}), comm.SetHost(commHost{e})
	e.restoreHost = func() { restoreComm(); restoreNB() }
	return e, nil
}

// LogWriter is where the kernel should log: the original stderr, saved
// before any redirection (os.Stderr without CaptureFD). It stays usable
// after Shutdown.
func (e *Engine) LogWriter() io.Writer { return e.logw }

func (e *Engine) logf(format string, v ...any) {
	fmt.Fprintf(e.logw, "goengine: "+format+"\n", v...)
}

// Info describes Go and this implementation for kernel_info.
func (e *Engine) Info() kernel.Info {
	return kernel.Info{
		Implementation:        "culab",
		ImplementationVersion: e.opts.Version,
		LanguageName:          "go",
		LanguageVersion:       strings.TrimPrefix(runtime.Version(), "go"),
		Mimetype:              "text/x-go",
		FileExtension:         ".go",
		PygmentsLexer:         "go",
		CodemirrorMode:        "go",
		Banner:                "culab: Go with CUDA (yaegi interpreter). %help lists the magics.",
		HelpLinks: []kernel.HelpLink{
			{Text: "Go documentation", URL: "https://go.dev/doc/"},
			{Text: "Go standard library", URL: "https://pkg.go.dev/std"},
			{Text: "yaegi", URL: "https://github.com/traefik/yaegi"},
		},
	}
}

// Interrupt stops the running cell, if any.
func (e *Engine) Interrupt() {
	e.cancelMu.Lock()
	defer e.cancelMu.Unlock()
	if e.cancel != nil {
		e.cancel(errInterrupted) // the cause tells it from the cell's end (cellCommand)
	}
}

func (e *Engine) setCancel(f context.CancelCauseFunc) {
	e.cancelMu.Lock()
	e.cancel = f
	e.cancelMu.Unlock()
}

// Shutdown stops the running cell and ends output capture; the engine
// refuses cells afterwards. A restart is a new process (see
// kernel.Engine), so restart changes nothing here. Goroutines that cells
// started are not stopped.
func (e *Engine) Shutdown(restart bool) error {
	e.Interrupt()
	e.mu.Lock()
	defer e.mu.Unlock()
	if e.closed {
		return nil
	}
	e.closed = true
	if e.idleGuard != nil {
		close(e.idleGuard)
	}
	e.restoreHost()
	e.sess.closeStdio()
	return e.cap.close()
}

// host serves nb's requests from the running cell and the session.
type host struct{ e *Engine }

func (h host) Input(prompt string, password bool) (string, error) {
	return h.e.input(prompt, password)
}

func (h host) Kernel(name string) (*cudalib.Kernel, error) {
	return h.e.sess.kernels.get(name)
}

func (h host) Symbol(name string) (*cudalib.Symbol, error) {
	return h.e.sess.kernels.symbol(name)
}
