package goengine

import (
	"fmt"
	"os"
	"strconv"
	"strings"
	"syscall"
	"testing"
	"time"
)

func fdIdentity(t *testing.T, fd int) [2]uint64 {
	t.Helper()
	var st syscall.Stat_t
	if err := syscall.Fstat(fd, &st); err != nil {
		t.Fatal(err)
	}
	return [2]uint64{st.Dev, st.Ino}
}

// TestCaptureFD checks that with CaptureFD the writes to fds 1 and 2 of
// code that bypasses the interpreter's streams reach the cell, and that the
// fds are the test's own again afterwards (or `go test` would lose output).
func TestCaptureFD(t *testing.T) {
	before := [2][2]uint64{fdIdentity(t, 1), fdIdentity(t, 2)}
	e, err := New(Options{CaptureFD: true})
	if err != nil {
		t.Fatal(err)
	}
	defer e.Shutdown(false)
	if e.LogWriter() == os.Stderr {
		t.Error("LogWriter is os.Stderr, want the saved original stderr")
	}

	r := ok(t, e, `import ("log"; "syscall")
fmt.Println("fmt")
os.Stdout.Write([]byte("file\n"))
syscall.Write(1, []byte("fd1\n"))
syscall.Write(2, []byte("fd2\n"))
log.SetFlags(0)
log.Println("log")`)
	if got := r.text("stdout"); got != "fmt\nfile\nfd1\n" {
		t.Errorf("stdout %q", got)
	}
	if got := r.text("stderr"); got != "fd2\nlog\n" {
		t.Errorf("stderr %q", got)
	}
	after := [2][2]uint64{fdIdentity(t, 1), fdIdentity(t, 2)}
	if before != after {
		t.Errorf("fds 1 and 2 not restored: %v, then %v", before, after)
	}

	// 100 MiB written to fd 1 directly: truncated, and the kernel lives on.
	// (A write to a pipe may be cut short by a signal: count what went.)
	r = ok(t, e, `b := []byte(strings.Repeat("y", 1<<20))
written := 0
for i := 0; i < 100; i++ {
	n, _ := syscall.Write(1, b)
	written += n
}
written`)
	if n := len(r.text("stdout")); n != DefaultOutputLimit {
		t.Errorf("sent %d bytes, want %d", n, DefaultOutputLimit)
	}
	written, _ := strconv.Atoi(r.result())
	if want := fmt.Sprintf("output truncated after 1 MiB; %d bytes dropped", written-DefaultOutputLimit); written < 99<<20 || !strings.Contains(r.text("stderr"), want) {
		t.Errorf("wrote %d bytes; stderr %q, want the notice %q", written, r.text("stderr"), want)
	}
	if got := ok(t, e, `fmt.Print("still here")`).text("stdout"); got != "still here" {
		t.Errorf("after the flood: %q", got)
	}
}

// Prints reach the front end while the cell still runs, within the
// batching delay, and a message never splits a UTF-8 sequence.
func TestStreamLatency(t *testing.T) {
	e := shared(t)
	start := time.Now()
	r := ok(t, e, `fmt.Println("early")
time.Sleep(400 * time.Millisecond)
fmt.Println("late")`)
	if len(r.events) == 0 || r.events[0].text != "early\n" {
		t.Fatalf("events %+v", r.events)
	}
	if d := r.events[0].at.Sub(start); d > 250*time.Millisecond {
		t.Errorf("the first print arrived after %v", d)
	}
}
