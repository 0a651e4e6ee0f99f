package engineproc

import (
	"bytes"
	"context"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"slices"
	"strconv"
	"strings"
	"sync"
	"syscall"
	"testing"
	"time"

	"github.com/culab/culab/kernel"
)

// The test binary is its own engine process when this variable is set.
const childEnv = "CULAB_ENGINEPROC_TEST_CHILD"

const stderr = 1 // the index of stderr's pipe

func TestMain(m *testing.M) {
	if os.Getenv(childEnv) != "" {
		if err := RunChild(func(pipes [2]*os.File) (kernel.Engine, error) {
			// The cells' fmt.Print goes to the pipe, as in the Go engine.
			if err := syscall.Dup3(int(pipes[0].Fd()), 1, 0); err != nil {
				return nil, err
			}
			return &counter{pipes: pipes}, nil
		}); err != nil {
			os.Exit(1)
		}
		os.Exit(0)
	}
	if os.Getenv(kernelEnv) != "" {
		os.Exit(orphanStuckEngine())
	}
	os.Exit(m.Run())
}

// The test binary is a kernel that orphans its engine when this is set.
const kernelEnv = "CULAB_ENGINEPROC_TEST_KERNEL"

// orphanStuckEngine starts an engine, runs a cell that never ends there,
// prints the engine's process ID and exits, as a kernel that crashes.
func orphanStuckEngine() int {
	self, err := os.Executable()
	if err != nil {
		return 1
	}
	s, err := Start(Config{Command: func() *exec.Cmd {
		cmd := exec.Command(self)
		cmd.Env = append(os.Environ(), childEnv+"=1", kernelEnv+"=")
		return cmd
	}, Log: io.Discard})
	if err != nil {
		return 1
	}
	o := &streamed{c: make(chan struct{}, 1)}
	go s.Execute(context.Background(), kernel.ExecuteRequest{Code: "stuck"}, o)
	<-o.c // the cell runs
	fmt.Println(s.p.process.Pid)
	return 0
}

// streamed tells c of the cell's first stream text.
type streamed struct {
	out
	c chan struct{}
}

func (o *streamed) Stream(name, text string) {
	select {
	case o.c <- struct{}{}:
	default:
	}
}

// An engine whose kernel died ends too, even in a cell that never returns.
func TestEngineDiesWithTheKernel(t *testing.T) {
	cmd := exec.Command(os.Args[0])
	cmd.Env = append(os.Environ(), kernelEnv+"=1")
	b, err := cmd.Output()
	if err != nil {
		t.Fatal(err)
	}
	pid, err := strconv.Atoi(strings.TrimSpace(string(b)))
	if err != nil {
		t.Fatalf("the kernel printed %q", b)
	}
	deadline := time.Now().Add(30 * time.Second)
	for processRuns(pid) && time.Now().Before(deadline) {
		time.Sleep(50 * time.Millisecond)
	}
	if processRuns(pid) {
		syscall.Kill(pid, syscall.SIGKILL)
		t.Fatalf("the engine %d still runs 30 s after its kernel ended", pid)
	}
}

// processRuns says whether pid runs (a zombie has ended).
func processRuns(pid int) bool {
	b, err := os.ReadFile("/proc/" + strconv.Itoa(pid) + "/stat")
	if err != nil {
		return false
	}
	f := strings.Fields(string(b[bytes.LastIndexByte(b, ')')+1:]))
	return len(f) > 0 && f[0] != "Z"
}

// counter is an engine whose state is a count of cells; its cells:
// "crash" kills the process with a goroutine's panic, "exit" calls
// os.Exit(3), "kill" prints and SIGKILLs it, "input" asks for a line,
// "block" waits for an interrupt; "late DIR" prints "late" once DIR/go
// exists (after the cell's end), then makes DIR/printed.
type counter struct {
	n     int
	pipes [2]*os.File
}

// killed is what the "kill" cell prints right before its SIGKILL.
var killed = strings.Repeat("0123456789abcde\n", 512)

func (c *counter) Info() kernel.Info { return kernel.Info{LanguageName: "count"} }

func (c *counter) Execute(ctx context.Context, req kernel.ExecuteRequest, out kernel.Output) kernel.ExecuteReply {
	c.n++
	out.Stream("stdout", "cell "+strconv.Itoa(c.n)+"\n")
	code := req.Code
	if strings.HasPrefix(code, "late ") {
		code = "late"
	}
	switch code {
	case "crash":
		// Left in the pipe, unread: the kernel collects it after the crash.
		c.pipes[stderr].WriteString("fatal error: all in the pipe\n")
		done := make(chan struct{})
		go func() { panic("boom") }()
		<-done
	case "exit":
		os.Exit(3)
	case "kill":
		fmt.Print(killed)
		syscall.Kill(os.Getpid(), syscall.SIGKILL) // as the OOM killer does
	case "closepipes":
		// As a cell that closes the engine's descriptors to the kernel
		// (fds 3 to 6), and goes on running.
		for fd := 3; fd <= 6; fd++ {
			syscall.Close(fd)
		}
		select {}
	case "corrupt":
		// As a cell that writes into the engine's event pipe (fd 4).
		syscall.Write(4, []byte("garbage, not a frame\n"))
		select {}
	case "pipe":
		// 50 MiB printed in 64 KiB writes.
		chunk := strings.Repeat("x", 64<<10)
		for range bigOutput / len(chunk) {
			os.Stdout.WriteString(chunk)
		}
	case "mixed":
		// Printed, and sent by the engine: in the order the cell did it.
		out.Stream("stdout", "a")
		fmt.Print("b")
		out.Display(kernel.MIMEBundle{"text/plain": "D"}, nil, "", false)
		c.pipes[stderr].WriteString("c")
		out.Stream("stdout", "d")
		fmt.Print("é"[:1])
		out.Stream("stderr", "e")
		fmt.Print("é"[1:] + "f")
	case "late":
		dir := req.Code[len("late "):]
		go func() {
			for !exists(filepath.Join(dir, "go")) {
				time.Sleep(time.Millisecond)
			}
			fmt.Print("late\n")
			os.WriteFile(filepath.Join(dir, "printed"), nil, 0o644)
		}()
	case "stream":
		// 50 MiB in reads of the capture pipe, as a printing cell sends it.
		chunk := strings.Repeat("x", 64<<10)
		for range bigOutput / len(chunk) {
			out.Stream("stdout", chunk)
		}
	case "big":
		// One write of 50 MiB, as fmt.Print(strings.Repeat("x", 50<<20)).
		out.Stream("stdout", strings.Repeat("x", bigOutput))
	case "input":
		line, err := out.Input("name? ", false)
		if err != nil {
			return kernel.ExecuteReply{Error: &kernel.ExecError{Name: "input", Value: err.Error()}}
		}
		out.Result(kernel.MIMEBundle{"text/plain": "hello " + line}, nil)
	case "interleave":
		for _, s := range []string{"1a", "1b", "2c", "1d", "D", "1e", "2f"} {
			if s == "D" {
				out.Display(kernel.MIMEBundle{"text/plain": "D"}, nil, "", false)
				continue
			}
			out.Stream(map[byte]string{'1': "stdout", '2': "stderr"}[s[0]], s[1:])
		}
	case "stuck":
		for {
			time.Sleep(time.Hour)
		}
	case "selfstop":
		// As a cell that runs kill -STOP on its own engine.
		out.Stream("stdout", "stopping\n")
		syscall.Kill(os.Getpid(), syscall.SIGSTOP)
		<-ctx.Done()
		return kernel.ExecuteReply{Error: &kernel.ExecError{Name: "Interrupted", Value: context.Cause(ctx).Error()}}
	case "block":
		out.Stream("stdout", "waiting\n")
		<-ctx.Done()
		return kernel.ExecuteReply{Error: &kernel.ExecError{Name: "Interrupted", Value: context.Cause(ctx).Error()}}
	}
	return kernel.ExecuteReply{}
}

func (c *counter) Complete(code string, cursor int) kernel.CompleteReply {
	return kernel.CompleteReply{Matches: []string{code + "!"}, CursorStart: 0, CursorEnd: cursor}
}
func (c *counter) Inspect(string, int, int) kernel.InspectReply { return kernel.InspectReply{} }
func (c *counter) IsComplete(string) kernel.IsCompleteReply {
	return kernel.IsCompleteReply{Status: "complete"}
}
func (c *counter) Interrupt()                  {}
func (c *counter) Shutdown(restart bool) error { return nil }

// out records what a cell showed.
type out struct {
	mu     sync.Mutex
	text   strings.Builder
	result string
	input  func(string) (string, error)
}

func (o *out) Stream(name, text string) {
	o.mu.Lock()
	o.text.WriteString(text)
	o.mu.Unlock()
}
func (o *out) Display(data kernel.MIMEBundle, _ map[string]any, _ string, _ bool) {
	o.mu.Lock()
	fmt.Fprintf(&o.text, "<display %v>", data["text/plain"])
	o.mu.Unlock()
}

func (o *out) String() string {
	o.mu.Lock()
	defer o.mu.Unlock()
	return o.text.String()
}
func (o *out) Result(data kernel.MIMEBundle, _ map[string]any) {
	o.mu.Lock()
	o.result, _ = data["text/plain"].(string)
	o.mu.Unlock()
}
func (o *out) Clear(bool) {}
func (o *out) Input(prompt string, _ bool) (string, error) {
	if o.input == nil {
		return "", kernel.ErrNoStdin
	}
	return o.input(prompt)
}

func start(t *testing.T) *Supervisor { return startLimit(t, 0) }

func startLimit(t *testing.T, limit int) *Supervisor {
	t.Helper()
	self, err := os.Executable()
	if err != nil {
		t.Fatal(err)
	}
	s, err := Start(Config{Command: func() *exec.Cmd {
		cmd := exec.Command(self)
		cmd.Env = append(os.Environ(), childEnv+"=1")
		return cmd
	}, Log: io.Discard, OutputLimit: limit})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() {
		if err := s.Shutdown(false); err != nil {
			t.Error(err)
		}
	})
	return s
}

func run(s *Supervisor, code string, o *out) kernel.ExecuteReply {
	return s.Execute(context.Background(), kernel.ExecuteRequest{Code: code}, o)
}

// A crash of the engine fails the cell with what happened, the output
// before it arrives, and the next cell runs in a fresh engine.
func TestCrashRestartsTheEngine(t *testing.T) {
	s := start(t)
	if s.Info().LanguageName != "count" {
		t.Fatalf("info %+v", s.Info())
	}
	o := &out{}
	if rep := run(s, "", o); rep.Error != nil || o.text.String() != "cell 1\n" {
		t.Fatalf("first cell: %+v %q", rep.Error, o.text.String())
	}
	for _, c := range []struct{ code, why string }{
		{"crash", "the Go engine crashed: fatal error: all in the pipe — its variables are lost; the engine was restarted"},
		{"exit", "the Go engine crashed: exit status 3 — its variables are lost; the engine was restarted"},
		{"kill", "the Go engine was killed by signal 9 (SIGKILL), most likely by the system's out-of-memory killer as the cell " +
			"used too much memory — its variables are lost; the engine was restarted"},
		{"corrupt", "the Go engine wrote bytes that are no message into its pipe to the kernel (did the cell write to a file descriptor " +
			"it did not open?) and was ended by the kernel — its variables are lost; the engine was restarted"},
		{"closepipes", "the Go engine stopped answering (its pipes to the kernel were closed: did the cell close or replace a file descriptor " +
			"it did not open?) and was ended by the kernel — its variables are lost; the engine was restarted"},
	} {
		run(s, "", &out{})
		o = &out{}
		rep := run(s, c.code, o)
		if rep.Error == nil || rep.Error.Name != "EngineCrashed" || rep.Error.Value != c.why {
			t.Errorf("%s: %+v", c.code, rep.Error)
		}
		// All that the cell printed arrives, although the engine died at once.
		if want := map[string]string{"crash": "cell 3\nfatal error: all in the pipe\n", "exit": "cell 3\n", "kill": "cell 3\n" + killed, "closepipes": "cell 3\n", "corrupt": "cell 3\n"}[c.code]; o.text.String() != want {
			t.Errorf("%s: output before the crash: %q", c.code, o.text.String())
		}
		o = &out{}
		if rep := run(s, "", o); rep.Error != nil || o.text.String() != "cell 1\n" {
			t.Errorf("after %s: %+v %q (want a fresh engine)", c.code, rep.Error, o.text.String())
		}
	}
	if got := s.Complete("ab", 2); len(got.Matches) != 1 || got.Matches[0] != "ab!" {
		t.Errorf("complete: %+v", got)
	}
}

const bigOutput = 50 << 20

// An engine that crashed leaves nothing behind in the kernel's process: its
// descriptors are closed once, so the next engine's pipes stay intact
// (when a garbage collection closed an fd a second time, 50 MiB of
// output after a crash hung or ended the fresh engine), and a single
// write of 50 MiB arrives whole.
// Stream text keeps the order the cell sent it in, across the streams
// and with the displays.
func TestStreamOrder(t *testing.T) {
	s := start(t)
	var got []string
	o := &recorder{f: func(s string) {
		// Whether a timer flushed a batch early depends on the machine's load.
		if n := len(got); n > 0 && got[n-1][:7] == s[:7] && s[6] == ':' {
			got[n-1] += s[7:]
			return
		}
		got = append(got, s)
	}}
	if rep := s.Execute(context.Background(), kernel.ExecuteRequest{Code: "interleave"}, o); rep.Error != nil {
		t.Fatal(rep.Error)
	}
	want := []string{"stdout:cell 1\nab", "stderr:c", "stdout:d", "display", "stdout:e", "stderr:f"}
	if !slices.Equal(got, want) {
		t.Errorf("%q, want %q", got, want)
	}
}

// What a cell prints through its stdout and stderr and what the engine
// sends keep the cell's order; a character split across writes arrives
// whole; what a goroutine prints after its cell ended goes to the next
// cell, first.
func TestPrintedAndSent(t *testing.T) {
	s := start(t)
	var got []string
	o := &recorder{f: func(s string) {
		// Text of one stream in a row may come in one message or several.
		if n := len(got); n > 0 && len(s) > 7 && strings.HasPrefix(got[n-1], s[:7]) {
			got[n-1] += s[7:]
			return
		}
		got = append(got, s)
	}}
	if rep := s.Execute(context.Background(), kernel.ExecuteRequest{Code: "mixed"}, o); rep.Error != nil {
		t.Fatal(rep.Error)
	}
	want := []string{"stdout:cell 1\nab", "display", "stderr:c", "stdout:d", "stderr:e", "stdout:éf"}
	if !slices.Equal(got, want) {
		t.Errorf("%q, want %q", got, want)
	}
	// The goroutine prints once the cell has ended and before the next
	// starts: the test releases it, then waits for it to have printed.
	dir := t.TempDir()
	o2 := &out{}
	if rep := run(s, "late "+dir, o2); rep.Error != nil {
		t.Fatal(rep.Error)
	}
	if err := os.WriteFile(filepath.Join(dir, "go"), nil, 0o644); err != nil {
		t.Fatal(err)
	}
	for !exists(filepath.Join(dir, "printed")) {
		time.Sleep(time.Millisecond)
	}
	o3 := &out{}
	run(s, "", o3)
	if seen := o3.String(); seen != "late\ncell 3\n" || strings.Contains(o2.String(), "late") {
		t.Errorf("late output in the next cell: %q, want %q (the cell's own: %q)", seen, "late\ncell 3\n", o2.String())
	}
}

// A cell shows OutputLimit bytes at most, then a notice.
func TestOutputLimit(t *testing.T) {
	s := startLimit(t, 1<<20)
	var n counted
	o := &recorder{f: func(s string) {
		if strings.HasPrefix(s, "stderr:") {
			n.err += s[7:]
			return
		}
		n.bytes += len(s) - len("stdout:")
	}}
	if rep := s.Execute(context.Background(), kernel.ExecuteRequest{Code: "pipe"}, o); rep.Error != nil {
		t.Fatal(rep.Error)
	}
	if want := fmt.Sprintf("\n[output truncated after 1 MiB; %d bytes dropped]\n", len("cell 1\n")+bigOutput-1<<20); n.bytes != 1<<20 || n.err != want {
		t.Errorf("%d bytes and %q, want %d and %q", n.bytes, n.err, 1<<20, want)
	}
}

// A batch sends consecutive pieces of one stream as one message, at
// batchBytes at the latest, and before text of the other stream.
func TestBatch(t *testing.T) {
	var got []string
	b := &batch{out: &recorder{f: func(s string) { got = append(got, s) }}}
	big := strings.Repeat("x", batchBytes)
	b.add("stdout", "a")
	b.add("stdout", "b")
	if b.due == nil || len(got) != 0 {
		t.Fatalf("text sent at once (%q), or no timer", got)
	}
	b.add("stderr", "c")
	b.add("stdout", big[1:])
	b.add("stdout", "d")
	b.add("stdout", big)
	b.flush()
	b.flush()
	want := []string{"stdout:ab", "stderr:c", "stdout:" + big[1:] + "d", "stdout:" + big}
	if !slices.Equal(got, want) {
		t.Errorf("%d messages, want %d", len(got), len(want))
		for i := range min(len(got), len(want)) {
			if got[i] != want[i] {
				t.Errorf("message %d: %.20q (%d bytes), want %.20q (%d bytes)", i, got[i], len(got[i]), want[i], len(want[i]))
			}
		}
	}
	if b.due != nil {
		t.Error("a timer after the flush")
	}
}

// recorder records each message of a cell.
type recorder struct {
	out
	f func(string)
}

func (r *recorder) Stream(name, text string)                                { r.f(name + ":" + text) }
func (r *recorder) Display(kernel.MIMEBundle, map[string]any, string, bool) { r.f("display") }

func TestBigOutputAfterCrash(t *testing.T) {
	s := start(t)
	fds := openFDs(t)
	for range 3 {
		if rep := run(s, "crash", &out{}); rep.Error == nil || rep.Error.Name != "EngineCrashed" {
			t.Fatalf("crash: %+v", rep.Error)
		}
		runtime.GC() // runs the finalizers of whatever the crash left
		runtime.GC()
		if n := openFDs(t); n != fds {
			t.Fatalf("%d open fds after a crash, %d before", n, fds)
		}
	}
	o := &out{}
	if rep := run(s, "big", o); rep.Error != nil || o.text.Len() != len("cell 1\n")+bigOutput {
		t.Fatalf("big: %+v, %d bytes", rep.Error, o.text.Len())
	}
}

// BenchmarkStream relays a cell's 50 MiB of stdout from the engine
// process, sent as events of 64 KiB.
func BenchmarkStream(b *testing.B) { benchmarkCell(b, "stream") }

// BenchmarkPipe relays a cell's 50 MiB of stdout printed in writes of 64
// KiB, as a printing cell does.
func BenchmarkPipe(b *testing.B) { benchmarkCell(b, "pipe") }

func benchmarkCell(b *testing.B, code string) {
	s, err := Start(Config{Command: func() *exec.Cmd {
		cmd := exec.Command(os.Args[0])
		cmd.Env = append(os.Environ(), childEnv+"=1")
		return cmd
	}, Log: io.Discard})
	if err != nil {
		b.Fatal(err)
	}
	defer s.Shutdown(false)
	b.SetBytes(bigOutput)
	for b.Loop() {
		var n counted
		if rep := s.Execute(context.Background(), kernel.ExecuteRequest{Code: code}, &n); rep.Error != nil || n.bytes < bigOutput {
			b.Fatalf("%+v, %d bytes", rep.Error, n.bytes)
		}
	}
}

// counted counts the stream text a cell showed.
type counted struct {
	out
	bytes, msgs int
	err         string
}

func (c *counted) Stream(_, text string) { c.bytes += len(text); c.msgs++ }

func openFDs(t *testing.T) int {
	t.Helper()
	ents, err := os.ReadDir("/proc/self/fd")
	if err != nil {
		t.Skip(err)
	}
	return len(ents)
}

// Input and interrupts cross the process boundary.
func TestInputAndInterrupt(t *testing.T) {
	s := start(t)
	o := &out{input: func(prompt string) (string, error) { return "go", nil }}
	if rep := run(s, "input", o); rep.Error != nil || o.result != "hello go" {
		t.Errorf("input: %+v %q", rep.Error, o.result)
	}
	if rep := run(s, "input", &out{}); rep.Error == nil || rep.Error.Value != kernel.ErrNoStdin.Error() {
		t.Errorf("input without stdin: %+v", rep.Error)
	}
	ctx, cancel := context.WithCancelCause(context.Background())
	done := make(chan kernel.ExecuteReply)
	o = &out{}
	go func() { done <- s.Execute(ctx, kernel.ExecuteRequest{Code: "block"}, o) }()
	// What the cell printed arrives while it runs: a batch waits a while
	// for more, not until the cell ends.
	for deadline := time.Now().Add(10 * time.Second); !strings.HasSuffix(o.String(), "waiting\n"); time.Sleep(time.Millisecond) {
		if time.Now().After(deadline) {
			t.Fatalf("the running cell's output did not arrive: %q", o.String())
		}
	}
	cancel(kernel.ErrInterrupted)
	if rep := <-done; rep.Error == nil || rep.Error.Value != kernel.ErrInterrupted.Error() {
		t.Errorf("interrupt: %+v", rep.Error)
	}
}

// Why the engine died is read from its stderr: a fatal error's line, a
// panic's, or the function where a fatal error's dump starts.
func TestReason(t *testing.T) {
	for _, c := range []struct {
		log, want string
		cell      bool
	}{
		{"goengine: note\npanic: boom\n\ngoroutine 1 [running]:\nmain.main()\n", "panic: boom", false},
		{"fatal error: all goroutines are asleep - deadlock!\n", "fatal error: all goroutines are asleep - deadlock!", false},
		{"\ngoroutine 28 [running]:\ninternal/runtime/maps.fatal({0x124ade3?, 0x0?})\n\truntime/panic.go:1181 +0x18\n",
			"fatal error: concurrent map access (a map written while used by another goroutine)", false},
		{"goroutine 7 [running]:\nruntime.throw({0x1, 0x2})\n", "fatal error in runtime.throw", false},
		{"goengine: a log line\n", "", false},
		{"printed\nconcurrent map writes\n\ngoroutine 7 [running]:\ninternal/runtime/maps.fatal()\n", "fatal error: concurrent map writes", true},
		{"a log line\n\ngoroutine 7 [running]:\nruntime.throw()\n", "fatal error in runtime.throw", false},
		// A race build: the detector's report between the runtime's prefix
		// and its message.
		{"fatal error: ==================\nWARNING: DATA RACE\nWrite at 0x1 by goroutine 29:\n==================\nconcurrent map writes\n\ngoroutine 39 [running]:\ninternal/runtime/maps.fatal()\n",
			"fatal error: concurrent map writes", true},
	} {
		tw := &tailWriter{w: io.Discard, cell: c.cell}
		for _, b := range []byte(c.log) { // a byte at a time: lines split across writes
			tw.Write([]byte{b})
		}
		if got := tw.reason(); got != c.want {
			t.Errorf("%q: %q, want %q", c.log, got, c.want)
		}
	}
}

func exists(path string) bool {
	_, err := os.Stat(path)
	return err == nil
}

// An engine that a cell stopped (SIGSTOP) is continued by an interrupt,
// which it then answers: it stayed stopped, deaf, and the kernel hung.
func TestInterruptContinuesAStoppedEngine(t *testing.T) {
	s := start(t)
	ctx, cancel := context.WithCancelCause(context.Background())
	done := make(chan kernel.ExecuteReply)
	go func() { done <- s.Execute(ctx, kernel.ExecuteRequest{Code: "selfstop"}, &out{}) }()
	s.mu.Lock()
	pid := s.p.process.Pid
	s.mu.Unlock()
	for deadline := time.Now().Add(time.Minute); processState(pid) != "T"; time.Sleep(time.Millisecond) {
		if time.Now().After(deadline) {
			t.Fatalf("the engine did not stop: state %q", processState(pid))
		}
	}
	cancel(kernel.ErrInterrupted)
	select {
	case rep := <-done:
		if rep.Error == nil || rep.Error.Value != kernel.ErrInterrupted.Error() {
			t.Errorf("interrupt: %+v", rep.Error)
		}
	case <-time.After(time.Minute):
		t.Fatal("the stopped engine did not answer the interrupt")
	}
}

// processState is the state letter of process pid (R, S, T, ...).
func processState(pid int) string {
	b, err := os.ReadFile("/proc/" + strconv.Itoa(pid) + "/stat")
	if err != nil {
		return ""
	}
	// After the command's name, in parentheses that may hold spaces.
	f := strings.Fields(string(b[strings.LastIndexByte(string(b), ')')+1:]))
	if len(f) == 0 {
		return ""
	}
	return f[0]
}
