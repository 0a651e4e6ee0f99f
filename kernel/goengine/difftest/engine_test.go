package difftest

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"sort"
	"strings"
	"testing"
	"time"

	"github.com/culab/culab/kernel"
	"github.com/culab/culab/kernel/goengine"
)

const (
	// workerEnv makes the test binary a worker: it runs the programs its
	// arguments name and reports on fd 3 (see TestMain).
	workerEnv = "CULAB_DIFFTEST_WORKER"
	// cellTimeout is generous for -race on a busy machine; a program
	// running longer is interrupted and fails.
	cellTimeout = time.Minute
	// silence is how long the worker may say nothing before it is taken
	// for hung and killed: past the interrupt of a cell, and its grace.
	silence = cellTimeout + 30*time.Second
	// marker starts a line of the worker's stderr before each program, so
	// that what the runtime writes there (a data race, a fatal error) is
	// told apart by program.
	marker = "difftest: running "
	// raceExit is the exit status of a process in which the race
	// detector found a race.
	raceExit = 66
)

// The interpreter can end the whole process on some programs (a fatal
// stack overflow while it compiles a recursive generic type), so the
// programs run in a worker process, which the test starts again past a
// program that killed it.
func TestMain(m *testing.M) {
	if os.Getenv(workerEnv) == "1" {
		os.Exit(work(os.Args[1:]))
	}
	os.Exit(m.Run())
}

// outcome is what the worker reports of a program: a start record before
// it runs it, then what the cell printed and its error.
type outcome struct {
	Name    string  `json:"name"`
	Start   bool    `json:"start,omitempty"`
	Stdout  string  `json:"stdout,omitempty"`
	Error   string  `json:"error,omitempty"` // the cell's error and stderr, or how the worker died
	Seconds float64 `json:"seconds,omitempty"`
	Race    string  `json:"-"` // the race detector's report while it ran
}

// work is the worker: each named program runs as a cell, in order; the
// records go to fd 3 as JSON lines, one write each.
func work(names []string) int {
	results := json.NewEncoder(os.NewFile(3, "results"))
	for _, name := range names {
		src, err := os.ReadFile(filepath.Join(corpusDir, name, mainFile))
		if err == nil {
			_, err = fmt.Fprintf(os.Stderr, "\n%s%s\n", marker, name)
		}
		if err == nil {
			err = results.Encode(outcome{Name: name, Start: true})
		}
		o := outcome{Name: name}
		if err == nil {
			start := time.Now()
			o.Stdout, o.Error, err = runCell(string(src))
			o.Seconds = time.Since(start).Seconds()
		}
		if err == nil {
			err = results.Encode(o)
		}
		if err != nil {
			fmt.Fprintf(os.Stderr, "difftest worker: %s: %v\n", name, err)
			return 2
		}
	}
	return 0
}

// runCell executes src as the one cell of a new notebook, the program
// pasted as it is, and returns its stdout and its error as text ("" when
// the cell succeeded and wrote nothing on stderr).
func runCell(src string) (stdout, xerr string, err error) {
	// Engines share process-wide hooks (the display sink, nb's host), so
	// programs run one after another, each on an engine of its own, as a
	// new kernel would: names of one program stay out of the next.
	e, err := goengine.New(goengine.Options{})
	if err != nil {
		return "", "", err
	}
	defer e.Shutdown(false)
	ctx, cancel := context.WithTimeout(context.Background(), cellTimeout)
	defer cancel()
	var out output
	rep := e.Execute(ctx, kernel.ExecuteRequest{Code: src, ExecutionCount: 1}, &out)
	if rep.Error != nil {
		xerr = fmt.Sprintf("the cell failed: %s: %s\n%s\n", rep.Error.Name, rep.Error.Value, strings.Join(rep.Error.Traceback, "\n"))
	}
	if s := out.stderr.String(); s != "" {
		xerr += "stderr:\n" + s
	}
	return out.stdout.String(), xerr, nil
}

// output is a kernel.Output keeping the cell's streams; programs of the
// corpus show nothing else.
type output struct{ stdout, stderr strings.Builder }

func (o *output) Stream(name, text string) {
	if name == "stdout" {
		o.stdout.WriteString(text)
	} else {
		o.stderr.WriteString(text)
	}
}

func (o *output) Display(kernel.MIMEBundle, map[string]any, string, bool) {}
func (o *output) Result(kernel.MIMEBundle, map[string]any)                {}
func (o *output) Clear(bool)                                              {}
func (o *output) Input(string, bool) (string, error)                      { return "", kernel.ErrNoStdin }

// TestEngine runs each program as a notebook cell and wants its golden
// stdout and no error. A program in knownFile must still fail (its
// subtest is skipped, saying why); one that passes must come off the list.
func TestEngine(t *testing.T) {
	ps := corpus(t)
	known := knownFailures(t, ps)
	got := runAll(t, ps)
	stillKnown := map[string]int{} // category: programs
	for _, p := range ps {
		t.Run(p.name, func(t *testing.T) {
			want := p.golden(t)
			o := got[p.name]
			pass := o.Error == "" && o.Stdout == want
			reason, isKnown := known[p.name]
			if o.Race != "" {
				// Races inside the interpreter come and go with the
				// timing of goroutines: a failure of their own would be
				// a flaky one, so they are told, not failed.
				t.Log(o.Race)
			}
			switch {
			case pass && isKnown:
				t.Errorf("passes now: take it off %s (it said %q)", knownFile, reason)
			case pass:
			case isKnown && category(reason) == refusedCategory:
				// A construct out of the interpreter's reach: the cell must
				// be refused whole, before anything runs, by a compile
				// error that says what is not supported; never a run that
				// goes wrong.
				stillKnown[refusedCategory]++
				if o.Stdout != "" || !strings.Contains(o.Error, "CompileError: ") || !strings.Contains(o.Error, "not supported") {
					t.Errorf("a refused program must fail to compile, saying what is not supported, and print nothing (%s)\n%s%s",
						reason, o.Error, difference(goldenFile, want, "cell", o.Stdout))
				}
			case isKnown:
				stillKnown[category(reason)]++
				t.Skipf("known failure: %s", reason)
			default:
				t.Errorf("the cell does not do what the compiled program does (an interpreter bug to fix later goes in %s)\n%s%s",
					knownFile, o.Error, difference(goldenFile, want, "cell", o.Stdout))
			}
		})
	}
	var cats []string
	total := 0
	for c, n := range stillKnown {
		cats = append(cats, fmt.Sprintf("%s %d", c, n))
		total += n
	}
	sort.Strings(cats)
	t.Logf("%d programs: %d pass, %d known failures (%s)", len(ps), len(ps)-total, total, strings.Join(cats, ", "))
	slow := make([]outcome, 0, len(got))
	var raced []string
	for _, o := range got {
		slow = append(slow, o)
		if o.Race != "" {
			raced = append(raced, o.Name)
		}
	}
	if len(raced) > 0 {
		sort.Strings(raced)
		t.Logf("the race detector found data races inside the interpreter while it ran: %s", strings.Join(raced, ", "))
	}
	sort.Slice(slow, func(i, j int) bool { return slow[i].Seconds > slow[j].Seconds })
	for _, o := range slow[:min(3, len(slow))] {
		t.Logf("slow: %s %.2fs", o.Name, o.Seconds)
	}
}

// runAll runs the programs in workers, a new one past each program that
// ended its worker, and returns the outcomes by program name.
func runAll(t *testing.T, ps []program) map[string]outcome {
	t.Helper()
	rest := make([]string, len(ps))
	for i, p := range ps {
		rest[i] = p.name
	}
	got := map[string]outcome{}
	for len(rest) > 0 {
		done, died, err := runWorker(rest)
		if err != nil {
			t.Fatal(err)
		}
		for _, o := range done {
			got[o.Name] = o
		}
		rest = rest[len(done):]
		if died != "" {
			got[rest[0]] = outcome{Name: rest[0], Error: "the engine's process died running it: " + died + "\n"}
			rest = rest[1:]
		}
	}
	return got
}

// runWorker runs names in a worker and returns the outcomes of those it
// finished, in order, each with the race detector's report while it ran.
// When the worker died in the next one, died says how; a worker that
// finished them all but exited badly is an error, unless with the race
// detector's status for the races it reported.
func runWorker(names []string) (done []outcome, died string, err error) {
	r, w, err := os.Pipe()
	if err != nil {
		return nil, "", err
	}
	defer r.Close()
	var stderr bytes.Buffer
	cmd := exec.Command(os.Args[0], names...)
	cmd.Env = append(os.Environ(), workerEnv+"=1")
	cmd.Stderr = &stderr
	cmd.ExtraFiles = []*os.File{w}
	err = cmd.Start()
	w.Close()
	if err != nil {
		return nil, "", fmt.Errorf("start a worker: %w", err)
	}
	records := make(chan outcome)
	decodeErr := make(chan error, 1)
	go func() {
		defer close(records)
		dec := json.NewDecoder(r)
		for {
			var o outcome
			if err := dec.Decode(&o); err != nil {
				if !errors.Is(err, io.EOF) {
					decodeErr <- err
				}
				return
			}
			records <- o
		}
	}()
	started := ""
	hung := false
	timer := time.NewTimer(silence)
	defer timer.Stop()
read:
	for {
		select {
		case o, ok := <-records:
			if !ok {
				break read
			}
			timer.Reset(silence)
			if o.Start {
				started = o.Name
				continue
			}
			done = append(done, o)
			started = ""
		case <-timer.C:
			hung = true
			cmd.Process.Kill()
			for range records { // until the pipe closes
			}
			break read
		}
	}
	waitErr := cmd.Wait()
	select {
	case err := <-decodeErr:
		return done, "", fmt.Errorf("worker's records: %w", err)
	default:
	}
	byProgram := splitStderr(stderr.String())
	raced := false
	for i := range done {
		if r := raceReport(byProgram[done[i].Name]); r != "" {
			done[i].Race, raced = r, true
		}
	}
	var exit *exec.ExitError
	if raced && errors.As(waitErr, &exit) && exit.ExitCode() == raceExit {
		waitErr = nil // the races are told with their programs
	}
	switch {
	case hung:
		return done, fmt.Sprintf("nothing for %v: killed as hung", silence), nil
	case started != "":
		return done, fmt.Sprintf("%v\n%s", waitErr, crashReport(byProgram[started])), nil
	case len(done) < len(names):
		return done, "", fmt.Errorf("the worker stopped after %d of %d programs: %v\n%s", len(done), len(names), waitErr, stderr.String())
	case waitErr != nil:
		return done, "", fmt.Errorf("the worker ran every program but exited with %v\n%s", waitErr, stderr.String())
	}
	return done, "", nil
}

// splitStderr divides a worker's stderr by program, at the markers.
func splitStderr(stderr string) map[string]string {
	parts := map[string]string{}
	name := ""
	for _, l := range strings.SplitAfter(stderr, "\n") {
		if n, ok := strings.CutPrefix(l, marker); ok {
			name = strings.TrimSuffix(n, "\n")
			continue
		}
		parts[name] += l
	}
	return parts
}

// raceReport is the race detector's first report in a program's stderr,
// or "".
func raceReport(stderr string) string {
	i := strings.Index(stderr, "WARNING: DATA RACE")
	if i < 0 {
		return ""
	}
	lines := strings.Split(stderr[i:], "\n")
	return "the race detector found a data race while it ran:\n" + strings.Join(lines[:min(len(lines), 40)], "\n") + "\n"
}

// crashReport is the part of a dead worker's stderr that says why: from
// the runtime's first fatal line, a few lines of its trace.
func crashReport(stderr string) string {
	lines := strings.Split(stderr, "\n")
	for i, l := range lines {
		if strings.HasPrefix(l, "fatal error:") || strings.HasPrefix(l, "panic:") {
			return strings.Join(lines[i:min(len(lines), i+12)], "\n")
		}
	}
	return strings.Join(lines[max(0, len(lines)-12):], "\n")
}
