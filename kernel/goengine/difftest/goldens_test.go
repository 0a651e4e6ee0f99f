package difftest

import (
	"bytes"
	"context"
	"flag"
	"os"
	"os/exec"
	"path/filepath"
	"testing"
	"time"
)

var update = flag.Bool("update", false, "TestGoldens writes the goldens from the compiled programs' stdout")

const (
	runTimeout = time.Minute
	// compiledRuns is how many times TestGoldens runs each program: a
	// program whose output varies from run to run would make a flaky golden.
	compiledRuns = 3
)

// TestGoldens builds every program with the Go toolchain, runs it and
// wants its golden stdout; with -update it writes the goldens instead.
// One `go build` builds them all, in parallel and with the build cache;
// without symbol tables and DWARF, linking them costs a third less.
func TestGoldens(t *testing.T) {
	if testing.Short() {
		t.Skip("-short: the goldens are not checked against the Go toolchain")
	}
	goCmd, err := exec.LookPath("go")
	if err != nil {
		t.Skipf("no Go toolchain to check the goldens with: %v", err)
	}
	ps := corpus(t)
	bin := t.TempDir()
	args := []string{"build", "-buildvcs=false", "-ldflags=-s -w", "-o", bin + string(filepath.Separator)}
	for _, p := range ps {
		args = append(args, "./"+filepath.ToSlash(p.dir))
	}
	if out, err := exec.Command(goCmd, args...).CombinedOutput(); err != nil {
		t.Fatalf("go build: %v\n%s", err, out)
	}
	for _, p := range ps {
		t.Run(p.name, func(t *testing.T) {
			exe := filepath.Join(bin, p.name)
			got := runCompiled(t, exe)
			for range compiledRuns - 1 {
				if again := runCompiled(t, exe); again != got {
					t.Fatalf("the program prints differently from run to run: it must be deterministic\n%s",
						difference("one run", got, "another", again))
				}
			}
			golden := filepath.Join(p.dir, goldenFile)
			if *update {
				if err := os.WriteFile(golden, []byte(got), 0o644); err != nil {
					t.Fatal(err)
				}
				return
			}
			if want := p.golden(t); got != want {
				t.Errorf("%s is stale (go test . -run TestGoldens -update rewrites it)\n%s",
					golden, difference(goldenFile, want, "go build", got))
			}
		})
	}
}

// runCompiled runs a built program, which must exit 0 and write nothing
// on stderr, and returns its stdout.
func runCompiled(t *testing.T, exe string) string {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), runTimeout)
	defer cancel()
	var stdout, stderr bytes.Buffer
	cmd := exec.CommandContext(ctx, exe)
	cmd.Stdout, cmd.Stderr = &stdout, &stderr
	if err := cmd.Run(); err != nil || stderr.Len() > 0 {
		t.Fatalf("the compiled program must exit 0 with nothing on stderr: %v\n%s", err, stderr.String())
	}
	return stdout.String()
}
