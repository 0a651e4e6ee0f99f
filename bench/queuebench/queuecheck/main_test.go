package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

func TestCheckTurns(t *testing.T) {
	for _, c := range []struct {
		log, overlap string
		turns        int
	}{
		{"enter 1 10\nleave 1 20\nenter 2 21\nleave 2 30\n", "none", 2},
		{"enter 1 10\nenter 2 11\nleave 1 20\nleave 2 30\n", "first at line 2", 1},
	} {
		path := filepath.Join(t.TempDir(), "log")
		if err := os.WriteFile(path, []byte(c.log), 0o644); err != nil {
			t.Fatal(err)
		}
		turns, overlap, err := checkTurns(path)
		if err != nil || turns != c.turns || !strings.HasPrefix(overlap, c.overlap) {
			t.Errorf("checkTurns(%q) = %d, %q, %v; want %d, %q…", c.log, turns, overlap, err, c.turns, c.overlap)
		}
	}
}
