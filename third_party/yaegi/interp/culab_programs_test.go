package interp_test

import (
	"bytes"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/traefik/yaegi/interp"
	"github.com/traefik/yaegi/stdlib"
)

// programs returns the programs of testdata/culab, each with the output
// that its "// Output:" comment says Go prints.
func programs(t *testing.T) map[string][2]string {
	files, err := filepath.Glob("testdata/culab/*.go")
	if err != nil || len(files) == 0 {
		t.Fatalf("no programs: %v", err)
	}
	progs := map[string][2]string{}
	for _, f := range files {
		src, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		_, out, ok := strings.Cut(string(src), "\n// Output:\n")
		if !ok {
			t.Fatalf("%s: no // Output: comment", f)
		}
		var want []string
		for _, l := range strings.Split(strings.TrimSuffix(out, "\n"), "\n") {
			want = append(want, strings.TrimPrefix(strings.TrimPrefix(l, "//"), " "))
		}
		progs[f] = [2]string{string(src), strings.Join(want, "\n")}
	}
	return progs
}

// sameOutput compares outputs line by line, but for trailing spaces.
func sameOutput(got, want string) bool {
	trim := func(s string) string {
		lines := strings.Split(strings.TrimRight(s, "\n"), "\n")
		for i, l := range lines {
			lines[i] = strings.TrimRight(l, " ")
		}
		return strings.Join(lines, "\n")
	}
	return trim(got) == trim(want)
}

// culab patches 11 to 13: the programs of testdata/culab print, through
// the interpreter, what Go prints.
func TestPrograms(t *testing.T) {
	for f, p := range programs(t) {
		var out bytes.Buffer
		i := interp.New(interp.Options{Stdout: &out, Stderr: io.Discard})
		if err := i.Use(stdlib.Symbols); err != nil {
			t.Fatal(err)
		}
		if _, err := i.Eval(p[0]); err != nil {
			t.Errorf("%s: %v", f, err)
			continue
		}
		if !sameOutput(out.String(), p[1]) {
			t.Errorf("%s:\n%s\nwant:\n%s", f, out.String(), p[1])
		}
	}
}

// The outputs that TestPrograms wants are what Go prints.
func TestProgramsOutputIsGos(t *testing.T) {
	if testing.Short() {
		t.Skip("builds each program with go")
	}
	goCmd, err := exec.LookPath("go")
	if err != nil {
		t.Skip("no go command")
	}
	dir := t.TempDir()
	if err := os.WriteFile(filepath.Join(dir, "go.mod"), []byte("module culabprog\n\ngo 1.26\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	for f, p := range programs(t) {
		if err := os.WriteFile(filepath.Join(dir, "main.go"), []byte(p[0]), 0o644); err != nil {
			t.Fatal(err)
		}
		cmd := exec.Command(goCmd, "run", ".")
		cmd.Dir = dir
		out, err := cmd.Output()
		if err != nil {
			t.Errorf("%s: go run: %v", f, err)
			continue
		}
		if !sameOutput(string(out), p[1]) {
			t.Errorf("%s: go prints\n%s\nthe test wants:\n%s", f, out, p[1])
		}
	}
}
