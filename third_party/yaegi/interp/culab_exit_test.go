package interp_test

import (
	"bytes"
	"errors"
	"strings"
	"testing"

	"github.com/traefik/yaegi/interp"
	"github.com/traefik/yaegi/stdlib"
)

// culab patch 103: os.Exit and log.Fatal end the program without running
// deferred calls, and recover does not stop them.
func TestExitSkipsDeferredCalls(t *testing.T) {
	for _, c := range []struct {
		call, stdout, stderr string
		code                 int
	}{
		{"os.Exit(0)", "before\n", "", 0},
		{"os.Exit(3)", "before\n", "", 3},
		{`log.Fatalf("bad %d", 7)`, "before\n", "bad 7\n", 1},
		{`log.New(io.Discard, "", 0).Fatal("worse")`, "before\n", "", 1},
	} {
		var stdout, stderr bytes.Buffer
		i := interp.New(interp.Options{Stdout: &stdout, Stderr: &stderr})
		if err := i.Use(stdlib.Symbols); err != nil {
			t.Fatal(err)
		}
		_, err := i.Eval(`package main

import (
	"fmt"
	"io"
	"log"
	"os"
)

var _, _ = io.Discard, os.Exit

func quit() {
	defer fmt.Println("deferred in quit")
	` + c.call + `
}

func main() {
	log.SetFlags(0)
	defer fmt.Println("deferred in main")
	defer func() { fmt.Println("recovered", recover()) }()
	fmt.Println("before")
	quit()
	fmt.Println("after")
}
`)
		var p interp.Panic
		if !errors.As(err, &p) {
			t.Errorf("%s: error %v, want a panic", c.call, err)
			continue
		}
		if code, ok := interp.ExitCode(p.Value); !ok || code != c.code {
			t.Errorf("%s: exit code %d, %v; want %d", c.call, code, ok, c.code)
		}
		if stdout.String() != c.stdout || !strings.HasSuffix(stderr.String(), c.stderr) || strings.Contains(stderr.String(), "panic") {
			t.Errorf("%s: stdout %q, stderr %q", c.call, stdout.String(), stderr.String())
		}
	}
}
