package spawn

import (
	"io"
	"os"
	"slices"
	"strconv"
	"strings"
	"testing"
)

// TestStart starts a shell through posix_spawn and checks what a child
// needs: its arguments, its environment, descriptors 0 to 3 as given, no
// other descriptor of the parent's, and its exit status.
func TestStart(t *testing.T) {
	libc.once.Do(load)
	if !libc.ok {
		t.Fatal("posix_spawn not found: this test binary links the C library through purego")
	}
	inR, inW := pipe(t)
	outR, outW := pipe(t)
	extraR, extraW := pipe(t)
	leak, _ := pipe(t) // open in the parent, close-on-exec: the child must not have it
	script := `read line; echo "in=$line arg=$1 env=$SPAWN_X"; cat <&3; ls /proc/self/fd | sort -n | tr '\n' ' '; exit 7`
	p, err := Start("/bin/sh", []string{"sh", "-c", script, "sh", "one"}, []string{"SPAWN_X=two"},
		[]*os.File{inR, outW, os.Stderr, extraR})
	if err != nil {
		t.Fatal(err)
	}
	inR.Close()
	outW.Close()
	extraR.Close()
	io.WriteString(inW, "hello\n")
	inW.Close()
	io.WriteString(extraW, "extra\n")
	extraW.Close()
	out, err := io.ReadAll(outR)
	if err != nil {
		t.Fatal(err)
	}
	st, err := p.Wait()
	if err != nil {
		t.Fatal(err)
	}
	if st.ExitCode() != 7 {
		t.Errorf("exit code %d, want 7", st.ExitCode())
	}
	lines := strings.Split(strings.TrimSpace(string(out)), "\n")
	if len(lines) != 3 || lines[0] != "in=hello arg=one env=two" || lines[1] != "extra" {
		t.Fatalf("child printed %q", out)
	}
	// Descriptors the test's own parent left open show too; the
	// parent's close-on-exec pipe must not.
	fds := strings.Fields(lines[2])
	if len(fds) < 4 || strings.Join(fds[:4], " ") != "0 1 2 3" || slices.Contains(fds, strconv.Itoa(int(leak.Fd()))) {
		t.Errorf("child's descriptors %v, want 0 1 2 3 and not the parent's %d", fds, leak.Fd())
	}
}

// TestStartErrors: a program that is not there, and a missing descriptor,
// are errors that name the program.
func TestStartErrors(t *testing.T) {
	if _, err := Start("/nonexistent/prog", []string{"prog"}, nil, []*os.File{os.Stdin, os.Stdout, os.Stderr}); err == nil || !strings.Contains(err.Error(), "/nonexistent/prog") {
		t.Errorf("missing program: err = %v", err)
	}
	if _, err := Start("/bin/true", []string{"true"}, nil, []*os.File{os.Stdin, nil, os.Stderr}); err == nil || !strings.Contains(err.Error(), "descriptor 1") {
		t.Errorf("nil descriptor: err = %v", err)
	}
}

func pipe(t *testing.T) (*os.File, *os.File) {
	t.Helper()
	r, w, err := os.Pipe()
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { r.Close(); w.Close() })
	return r, w
}
