package main

import (
	"io"
	"strings"
	"testing"
	"time"
)

// A command that is no kernel gives an error that says so, and the
// connection file's path reaches the command in place of {conn}.
func TestNoKernel(t *testing.T) {
	var out strings.Builder
	err := run("../../cmd/culab/testdata/toolprobe.ipynb", []string{"/bin/sh", "-c", `echo "conn=$0"`, "{conn}"}, time.Second, &out)
	if err == nil || !strings.Contains(err.Error(), "the kernel did not answer") {
		t.Errorf("err = %v", err)
	}
	if !strings.Contains(out.String(), "conn=/") || !strings.Contains(out.String(), "conn.json") {
		t.Errorf("the command printed %q, want the connection file's path", out.String())
	}
}

func TestBadNotebook(t *testing.T) {
	if err := run("nonexistent.ipynb", []string{"/bin/true"}, time.Second, io.Discard); err == nil || !strings.Contains(err.Error(), "nonexistent.ipynb") {
		t.Errorf("err = %v", err)
	}
}
