package cudalib

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"io"
	"net"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"sync"
	"time"

	"github.com/culab/culab/cudalib/internal/worker"
	"github.com/culab/culab/cudalib/ncu"
)

// HardwareProfile is one launch measured by Nsight Compute on the GPU: the
// GPU's own counts of what Profile counts on the virtual GPU.
type HardwareProfile struct {
	Kernel      string // the C++ name
	Symbol      string // the mangled name ncu profiled
	Grid, Block Dim3
	Shared      int    // dynamic shared memory, bytes
	Device      string // the GPU
	NCU         string // ncu's version
	// Counters are ncu's metrics as the virtual GPU's counters (ncu.Counters
	// pairs them); Missing names those ncu did not report (left 0).
	Counters Counters
	Missing  []string
	// Metrics are every metric of the launch as ncu reported it, in base
	// units.
	Metrics map[string]float64
	// Lines are ncu's figures per CUDA source line (its source page; the
	// profiled copy is compiled with -lineinfo); LinesErr says why there
	// are none.
	Lines    []HardwareLine
	LinesErr error
}

// HardwareLine is one source line of ncu's source page.
type HardwareLine = ncu.Line

// hwProfileTimeout bounds a whole hardware profile: ncu replays the
// launch once per pass of metrics, a few seconds for a lab's kernel.
const hwProfileTimeout = 5 * time.Minute

// EnvNCUKeep, when set to a directory, makes HardwareProfile keep ncu's
// files there (a directory per profile: its log, the report, and the raw
// and source pages as raw.csv and source.csv), to look at what ncu said.
const EnvNCUKeep = "CULAB_NCU_KEEP"

// HardwareProfile runs one launch of the kernel under Nsight Compute (ncu)
// and returns the GPU's counters. The launch runs in a second, short-lived
// GPU worker started under ncu, with the module compiled again there
// (with -lineinfo) and copies of the argument buffers, so the caller's
// buffers are never written. It needs a GPU, ncu (Find) and a program
// that serves a GPU worker (UseWorker; culab's kernel does). The error
// says why counters cannot be read and what to do: *ncu.Error with
// ncu.CodeNotFound or ncu.CodePermission, or a virtual device.
func (k *Kernel) HardwareProfile(cfg Config, args ...any) (*HardwareProfile, error) {
	if err := k.usable(); err != nil {
		return nil, err
	}
	fail := func(err error) (*HardwareProfile, error) {
		return nil, fmt.Errorf("hardware profile of %s<<<%v, %v>>>: %w", k.name, cfg.Grid, cfg.Block, err)
	}
	d := k.mod.dev
	if !d.b.Hardware() {
		return fail(errors.New("hardware counters need a GPU; this is the virtual GPU (Kernel.Profile counts on it)"))
	}
	if err := k.checkConfig(cfg); err != nil {
		return fail(err)
	}
	if _, err := k.marshal(args); err != nil {
		return fail(err)
	}
	tool, err := ncu.Find()
	if err != nil {
		return fail(err)
	}
	wargs := workerCommand()
	if wargs == nil {
		return fail(errors.New("this program serves no GPU worker to run the launch under ncu (cudalib.UseWorker; culab's kernel and run do)"))
	}
	exe, err := os.Executable()
	if err != nil {
		return fail(err)
	}
	interruptMu.Lock()
	parent := interruptCtx
	interruptMu.Unlock()
	ctx, cancel := context.WithTimeout(parent, hwProfileTimeout)
	defer cancel()
	metrics, err := supportedMetrics(ctx, tool)
	if err != nil {
		return fail(err)
	}
	// ncu replays the launch: it takes the GPU's turn as a timed section does.
	turn, err := d.takeTurn()
	if err != nil {
		return fail(err)
	}
	defer turn.release() // past the turn's limit the counters still hold; the notice says it ended
	s, err := startProfiled(ctx, tool, metrics, k.symbol(), k.mod.name, k.mod.source, d.ordinal, append([]string{exe}, wargs...))
	if err != nil {
		return fail(err)
	}
	defer s.cleanup()
	runErr := s.run(k, cfg, args)
	log, err := s.finish()
	if err != nil {
		return fail(err)
	}
	if runErr != nil {
		return fail(runErr)
	}
	p := &HardwareProfile{Kernel: k.name, Symbol: s.symbol, Grid: cfg.Grid.norm(), Block: cfg.Block.norm(), Shared: cfg.Shared, Device: d.String()}
	p.NCU = HardwareCounters().Version
	if err := p.read(ctx, tool, s, log); err != nil {
		return fail(err)
	}
	return p, nil
}

// symbol is the kernel's mangled name (its C++ name where it is extern "C").
func (k *Kernel) symbol() string {
	if impl, err := k.mod.imageFor(k.name); err == nil {
		if s, ok := impl.Lowered()[k.name]; ok {
			return s
		}
	}
	return k.name
}

// hwMetrics are the counters' metrics this machine's ncu knows, once a
// query succeeded (ncu.Supported): one query per process.
var (
	hwMetricsMu sync.Mutex
	hwMetrics   []string
)

func supportedMetrics(ctx context.Context, tool string) ([]string, error) {
	hwMetricsMu.Lock()
	defer hwMetricsMu.Unlock()
	if hwMetrics == nil {
		kept, _, err := ncu.Supported(ctx, tool, ncu.MetricNames())
		if err != nil {
			return nil, err
		}
		hwMetrics = kept
	}
	return hwMetrics, nil
}

// profiled is a GPU worker running under ncu.
type profiled struct {
	dir, symbol, report, log string
	keep                     bool // leave dir (EnvNCUKeep)
	sockDir                  string
	ordinal                  int
	cmd                      *exec.Cmd
	out                      bytes.Buffer // ncu's and the worker's own output
	ln                       net.Listener
	exited                   chan struct{}
	waitErr                  error
	dev                      *Device
}

// startProfiled starts program (a GPU worker) under ncu, profiling one
// launch of symbol with the counters' metrics and the source counters,
// and waits for the worker to connect.
func startProfiled(ctx context.Context, tool string, metrics []string, symbol, file, source string, ordinal int, program []string) (*profiled, error) {
	keep := os.Getenv(EnvNCUKeep)
	dir, err := os.MkdirTemp(keep, "culab-hwprofile-")
	if err != nil {
		return nil, err
	}
	s := &profiled{dir: dir, keep: keep != "", symbol: symbol, ordinal: ordinal, report: filepath.Join(dir, "profile"),
		log: filepath.Join(dir, "ncu.log"), exited: make(chan struct{})}
	// ncu and the worker run in dir: the line info's file name (relative,
	// as NVRTC was given it) is found there.
	if err := os.WriteFile(filepath.Join(dir, filepath.Base(file)), []byte(source), 0o644); err != nil {
		s.cleanup()
		return nil, err
	}
	// The socket has a private directory of its own in the temporary one: a
	// kept directory's path may be longer than a socket's name can be.
	if s.sockDir, err = os.MkdirTemp("", "culab-w-"); err != nil {
		s.cleanup()
		return nil, err
	}
	sock := filepath.Join(s.sockDir, "s")
	if s.ln, err = net.Listen("unix", sock); err != nil {
		s.cleanup()
		return nil, err
	}
	args := ncu.Profile{Kernel: symbol, Launches: 1, Metrics: metrics, SourceCounters: true,
		Report: s.report, Log: s.log}.Args(program...)
	s.cmd = exec.CommandContext(ctx, tool, args...)
	s.cmd.Dir = dir
	s.cmd.Env = append(os.Environ(), worker.EnvSocket+"="+sock, "LC_ALL=C")
	s.cmd.Stdout, s.cmd.Stderr = &s.out, &s.out
	if err := s.cmd.Start(); err != nil {
		s.cleanup()
		return nil, fmt.Errorf("start %s: %w", tool, err)
	}
	go func() {
		s.waitErr = s.cmd.Wait()
		close(s.exited)
		s.ln.Close() // a worker that never connected: Accept returns
	}()
	p, err := worker.Dial(ordinal, func() (io.WriteCloser, io.ReadCloser, func() error, error) {
		c, err := s.ln.Accept()
		if err != nil {
			return nil, nil, nil, fmt.Errorf("the GPU worker under ncu did not connect: %w", err)
		}
		return c, c, c.Close, nil
	}, nil)
	if err != nil {
		err = s.why(err)
		s.cleanup()
		return nil, err
	}
	s.dev = &Device{b: p, ordinal: ordinal, info: p.Info()}
	return s, nil
}

// run replays the launch on the profiled worker: the module compiled with
// line info, copies of the buffers, the same scalars and shape.
func (s *profiled) run(k *Kernel, cfg Config, args []any) error {
	opts := k.mod.options
	if !slices.Contains(opts, "-lineinfo") && !slices.Contains(opts, "--generate-line-info") {
		opts = append(slices.Clip(opts), "-lineinfo")
	}
	m, err := s.dev.CompileNamed(k.mod.name, k.mod.source, opts...)
	if err != nil {
		return fmt.Errorf("compile under ncu: %w", err)
	}
	hk, err := m.Kernel(k.name)
	if err != nil {
		return err
	}
	hargs := make([]any, len(args))
	for i, a := range args {
		b, ok := a.(Buffer)
		if !ok {
			hargs[i] = a
			continue
		}
		c, err := copyBuffer(s.dev, b.mem())
		if err != nil {
			return fmt.Errorf("argument %d: copy to the worker under ncu: %w", i+1, err)
		}
		hargs[i] = copiedBuffer{c}
	}
	cfg.Stream = nil // the caller's stream lives in the caller's worker
	return hk.Run(cfg, hargs...)
}

// finish ends the worker (its pipe closes, it exits, ncu writes the
// report) and returns ncu's log, or why ncu measured nothing.
func (s *profiled) finish() (string, error) {
	s.dev.b.Close()
	<-s.exited
	log, _ := os.ReadFile(s.log)
	if err := ncu.CheckLog(string(log)); err != nil {
		return "", err
	}
	if s.waitErr != nil {
		return "", s.why(fmt.Errorf("ncu: %w", s.waitErr))
	}
	return string(log), nil
}

// why adds what ncu logged (its reason where it gave one) to err.
func (s *profiled) why(err error) error {
	out := ""
	select {
	case <-s.exited:
		out = s.out.String()
	case <-time.After(5 * time.Second): // ncu still running: its log may be partial
	}
	log, _ := os.ReadFile(s.log)
	if lerr := ncu.CheckLog(string(log)); lerr != nil {
		return lerr
	}
	if tail := lastLines(string(log)+out, 8); tail != "" {
		return fmt.Errorf("%w\n%s", err, tail)
	}
	return err
}

func (s *profiled) cleanup() {
	if s.cmd != nil && s.cmd.Process != nil {
		select {
		case <-s.exited:
		default:
			s.cmd.Process.Kill()
			<-s.exited
		}
	}
	if !s.keep {
		os.RemoveAll(s.dir)
	}
	if s.sockDir != "" {
		os.RemoveAll(s.sockDir)
	}
}

// read fills p from ncu's report: the raw page's launch and the source
// page's lines.
func (p *HardwareProfile) read(ctx context.Context, tool string, s *profiled, log string) error {
	report := s.report + ".ncu-rep"
	out, err := ncu.Run(ctx, tool, ncu.RawArgs(report)...)
	s.save("raw.csv", out)
	if err != nil {
		return err
	}
	launches, err := ncu.Parse(bytes.NewReader(out))
	if err != nil {
		return fmt.Errorf("ncu's raw page: %w (ncu's log: %s)", err, lastLines(log, 4))
	}
	l := &launches[0]
	for i := range launches {
		if launches[i].Kernel == p.Symbol {
			l = &launches[i]
			break
		}
	}
	p.Metrics = l.Metrics
	p.Counters, p.Missing = l.Counters()
	out, err = ncu.Run(ctx, tool, ncu.SourceArgs(report)...)
	s.save("source.csv", out)
	if err == nil {
		p.Lines, err = ncu.ParseSource(bytes.NewReader(out))
	}
	p.LinesErr = err
	return nil
}

// save keeps a page ncu printed where its files are kept.
func (s *profiled) save(name string, page []byte) {
	if s.keep {
		os.WriteFile(filepath.Join(s.dir, name), page, 0o644)
	}
}

func lastLines(s string, n int) string {
	ls := strings.Split(strings.TrimSpace(s), "\n")
	return strings.Join(ls[max(0, len(ls)-n):], "\n")
}

// CounterSupport says whether HardwareProfile can read counters here.
type CounterSupport struct {
	NCU, Version string     // ncu's path and version; "" when none
	Err          error      // why not (no ncu: an *ncu.Error saying how to get it)
	Access       ncu.Access // the driver's setting for this process
}

// Available says whether a hardware profile should work: ncu is there
// and the driver lets this process read the counters (or cannot tell).
func (c CounterSupport) Available() bool {
	return c.Err == nil && (c.Access.Allowed || !c.Access.Known)
}

func (c CounterSupport) String() string {
	switch {
	case c.Err != nil:
		return "no: " + c.Err.Error()
	case !c.Access.Known || c.Access.Allowed:
		return fmt.Sprintf("ncu %s (%s); %s", c.Version, c.NCU, c.Access.Why)
	}
	return fmt.Sprintf("no: ncu %s (%s) is there, but %s", c.Version, c.NCU, c.Access.Why)
}

// HardwareCounters looks for ncu, asks its version and reads the driver's
// counter setting (ncu.CounterAccess) — no GPU work, about the cost of
// starting ncu once. The result is cached for the process: installing ncu
// or changing the setting needs a restart to show.
func HardwareCounters() CounterSupport { return counterSupport() }

var counterSupport = sync.OnceValue(func() CounterSupport {
	var c CounterSupport
	if c.NCU, c.Err = ncu.Find(); c.Err != nil {
		return c
	}
	if c.Version, c.Err = ncu.Version(c.NCU); c.Err != nil {
		return c
	}
	c.Access = ncu.CounterAccess()
	return c
})
