package difftest

import (
	"os"
	"os/exec"
	"path/filepath"
	"testing"
)

// Scratch harness (not committed): PROBE=/tmp/probe runs each dir's main.go.
func TestProbe(t *testing.T) {
	dir := os.Getenv("PROBE")
	if dir == "" {
		t.Skip()
	}
	ents, _ := os.ReadDir(dir)
	only := os.Getenv("ONLY")
	for _, e := range ents {
		if only != "" && only != e.Name() {
			continue
		}
		p := filepath.Join(dir, e.Name(), "main.go")
		src, err := os.ReadFile(p)
		if err != nil {
			continue
		}
		gold := filepath.Join(dir, e.Name(), "golden")
		want, err := os.ReadFile(gold)
		if err != nil {
			out, err := exec.Command("go", "run", p).Output()
			if err != nil {
				t.Errorf("%s: go run: %v", e.Name(), err)
				continue
			}
			want = out
			os.WriteFile(gold, out, 0o644)
		}
		got, xerr, err := runCell(string(src))
		if err != nil || xerr != "" || got != string(want) {
			t.Errorf("%s: FAIL err=%v xerr=%s\n%s", e.Name(), err, xerr, difference("go", string(want), "cell", got))
		} else {
			t.Logf("%s: ok", e.Name())
		}
	}
}
