package goengine

import (
	"context"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/culab/culab/kernel"
)

func needGo(t *testing.T) {
	t.Helper()
	if _, err := goTool(); err != nil {
		t.Skip(err)
	}
}

func TestGorun(t *testing.T) {
	needGo(t)
	t.Cleanup(func() { os.Unsetenv("CULAB_GORUN_TEST") })
	e := shared(t)
	ok(t, e, "gx := 41") // the program does not see the notebook, nor changes it

	// No package clause: the cell is package main; arguments pass through.
	r := ok(t, e, "%%gorun a b\nimport (\"fmt\"; \"os\")\nfunc main() {\n\tfmt.Println(\"args\", os.Args[1:])\n\tfmt.Fprintln(os.Stderr, \"to stderr\")\n}")
	if out := r.text("stdout"); out != "args [a b]\n" {
		t.Errorf("stdout %q", out)
	}
	if out := r.text("stderr"); out != "to stderr\n" {
		t.Errorf("stderr %q", out)
	}
	r = ok(t, e, "%%gorun\n// a comment first\npackage main\n\nfunc main() { println(\"explicit\") }")
	if out := r.text("stderr"); out != "explicit\n" {
		t.Errorf("with a package clause: stderr %q", out)
	}
	if got := ok(t, e, "gx + 1").result(); got != "42" {
		t.Errorf("notebook state after %%%%gorun: gx + 1 = %s", got)
	}

	// -o keeps stdout in a variable; the environment passes values in.
	ok(t, e, `os.Setenv("CULAB_GORUN_TEST", "from the notebook")`)
	r = ok(t, e, "%%gorun -o gout x\nimport (\"fmt\"; \"os\")\nfunc main() { fmt.Printf(\"%s %q\\n\", os.Getenv(\"CULAB_GORUN_TEST\"), os.Args[1:]) }")
	if want := "from the notebook [\"x\"]\n"; r.text("stdout") != want {
		t.Errorf("-o: stdout %q, want %q", r.text("stdout"), want)
	}
	if got := ok(t, e, "gout == "+strconv.Quote(r.text("stdout"))).result(); got != "true" {
		t.Errorf("-o: gout is not the program's stdout")
	}
	if xe := fails(t, e, "%%gorun -o\nfunc main() {}"); xe.Name != "UsageError" {
		t.Errorf("-o without a name: %s: %s", xe.Name, xe.Value)
	}

	// Compile errors point at the cell's line and column.
	xe := fails(t, e, "%%gorun\nfunc main() {\n\tprintln(undefinedName)\n}")
	if xe.Name != "CompileError" || !strings.HasPrefix(xe.Value, "line 3: undefined: undefinedName") {
		t.Errorf("compile error: %s: %s", xe.Name, xe.Value)
	}
	if tb := strings.Join(xe.Traceback, "\n"); !strings.Contains(tb, "\tprintln(undefinedName)\n    \t        ^") {
		t.Errorf("compile error traceback:\n%s", tb)
	}

	// Output before a failure is kept; the exit status is the error.
	r, rep := exec(t, e, "%%gorun\nimport (\"fmt\"; \"os\")\nfunc main() { fmt.Println(\"partial\"); os.Exit(3) }")
	if rep.Error == nil || rep.Error.Name != "ProgramFailed" || !strings.Contains(rep.Error.Value, "exit status 3") {
		t.Errorf("exit 3: %+v", rep.Error)
	}
	if out := r.text("stdout"); out != "partial\n" {
		t.Errorf("output before exit: %q", out)
	}
}

func TestGorunInterrupt(t *testing.T) {
	needGo(t)
	e := shared(t)
	pidFile := filepath.Join(t.TempDir(), "pid")
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	done := make(chan kernel.ExecuteReply)
	go func() {
		_, rep := runWith(t, e, &recorder{}, kernel.ExecuteRequest{Code: "%%gorun " + pidFile +
			"\nimport (\"os\"; \"strconv\"; \"time\")\nfunc main() {\n\tos.WriteFile(os.Args[1], []byte(strconv.Itoa(os.Getpid())), 0o644)\n\ttime.Sleep(time.Hour)\n}"}, ctx)
		done <- rep
	}()
	var pid int
	for deadline := time.Now().Add(2 * time.Minute); pid == 0; time.Sleep(20 * time.Millisecond) {
		if time.Now().After(deadline) {
			t.Fatal("the program never started")
		}
		b, _ := os.ReadFile(pidFile)
		pid, _ = strconv.Atoi(string(b))
	}
	cancel()
	select {
	case rep := <-done:
		if rep.Error == nil || rep.Error.Name != "Interrupted" {
			t.Errorf("interrupted program: %+v", rep.Error)
		}
	case <-time.After(time.Minute):
		t.Fatal("the interrupt did not end the cell")
	}
	if err := syscall.Kill(pid, 0); !errors.Is(err, syscall.ESRCH) {
		t.Errorf("the program (pid %d) outlived its interrupted cell: kill -0 says %v", pid, err)
	}
}

// A program's children that it left running end with it: they outlived
// the cell, printing into later cells.
func TestGorunChildrenEndWithTheProgram(t *testing.T) {
	needGo(t)
	e := shared(t)
	r := ok(t, e, "%%gorun\nimport (\"fmt\"; \"os/exec\")\nfunc main() {\n\tc := exec.Command(\"sleep\", \"1000\")\n"+
		"\tif err := c.Start(); err != nil {\n\t\tpanic(err)\n\t}\n\tfmt.Print(c.Process.Pid)\n}")
	pid, err := strconv.Atoi(r.text("stdout"))
	if err != nil {
		t.Fatalf("the program's output: %q", r.text("stdout"))
	}
	for deadline := time.Now().Add(time.Minute); running(pid); time.Sleep(10 * time.Millisecond) {
		if time.Now().After(deadline) {
			syscall.Kill(pid, syscall.SIGKILL)
			t.Fatalf("the program's child (pid %d) outlived its cell", pid)
		}
	}
}

// running says whether process pid runs (a zombie waits for its reaper, who
// may be slow: it does not).
func running(pid int) bool {
	stat, err := os.ReadFile(fmt.Sprintf("/proc/%d/stat", pid))
	if err != nil {
		return false
	}
	_, after, _ := strings.Cut(string(stat), ") ")
	return !strings.HasPrefix(after, "Z")
}

// Without the toolchain, an optional tool, a %%gorun cell says why and
// succeeds: its -o variable is empty and the notebook goes on.
func TestGorunWithoutToolchain(t *testing.T) {
	e := shared(t)
	t.Setenv("PATH", t.TempDir())
	saved := goToolDirs
	goToolDirs = nil
	defer func() { goToolDirs = saved }()
	r := ok(t, e, "%%gorun -o gwOut\nfunc main() {}")
	if got := r.text("stderr"); !strings.Contains(got, "%%gorun skipped: it needs the Go toolchain, and no `go` command was found") ||
		!strings.Contains(got, "gwOut is the empty string; the notebook goes on") {
		t.Errorf("without go: stderr %q", got)
	}
	if got := ok(t, e, "len(gwOut)").result(); got != "0" {
		t.Errorf("gwOut: %s", got)
	}
	t.Setenv("CULAB_GO", "/nonexistent/go")
	goToolDirs = saved
	if got := ok(t, e, "%%gorun\nfunc main() {}").text("stderr"); !strings.Contains(got, "CULAB_GO=/nonexistent/go is not a command") {
		t.Errorf("CULAB_GO without go: stderr %q", got)
	}
}

func TestTimeSaysInterpreted(t *testing.T) {
	e := shared(t)
	for _, cell := range []string{"%time 1 + 1", "%%time\n1 + 1"} {
		if out := ok(t, e, cell).text("stdout"); !strings.Contains(out, "Wall time: ") || !strings.Contains(out, interpretedNote) {
			t.Errorf("%q: stdout %q lacks the interpreted note", cell, out)
		}
	}
}
