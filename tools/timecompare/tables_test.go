package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// -modeled pairs two tables.md files row by row in each lab's size and
// variant order, leaving out rows one of them lacks.
func TestRunTables(t *testing.T) {
	dir := t.TempDir()
	write := func(name, body string) string {
		p := filepath.Join(dir, name)
		if err := os.WriteFile(p, []byte(body), 0o644); err != nil {
			t.Fatal(err)
		}
		return p
	}
	modeled := write("modeled.md", `lab matmul · culab virtual GPU
| 256 | shared tiles 16×16 | 0.02 | x |
| 256 | one block 16×16 | 2.0 | x |
| 2048 | one block 16×16 | not run | x |
`)
	measured := write("measured.md", `lab matmul · NVIDIA H100
| 256 | one block 16×16 | 1.0 | x |
| 256 | shared tiles 16×16 | 0.03 | x |
| 2048 | one block 16×16 | 900 | x |
`)
	out := filepath.Join(dir, "out.md")
	if err := runTables(modeled, measured, "", out); err != nil {
		t.Fatal(err)
	}
	b, err := os.ReadFile(out)
	if err != nil {
		t.Fatal(err)
	}
	got := string(b)
	one, tiles := strings.Index(got, "one block"), strings.Index(got, "shared tiles")
	if one < 0 || tiles < 0 || one > tiles || strings.Contains(got, "| 2048 |") || !strings.Contains(got, "matmul") {
		t.Errorf("want the two 256 rows in the lab's order, not the unmodelled 2048 one:\n%s", got)
	}
	if err := runTables(modeled, "", "", out); err == nil {
		t.Error("-modeled without -tables: want an error")
	}
}
