// Package difftest checks that Go programs print in a notebook cell what
// they print when the Go toolchain builds them: a corpus of small programs
// under testdata, each with the stdout of its compiled run (README.md).
package difftest

import (
	"bufio"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

const (
	corpusDir  = "testdata"
	mainFile   = "main.go"
	goldenFile = "stdout.golden"
	knownFile  = "known_failures.txt"
)

// program is one directory of the corpus.
type program struct {
	name string // the directory's name
	dir  string // corpusDir/name
}

func (p program) golden(t *testing.T) string {
	t.Helper()
	b, err := os.ReadFile(filepath.Join(p.dir, goldenFile))
	if err != nil {
		t.Fatalf("%v (go test -run TestGoldens -update writes it)", err)
	}
	return string(b)
}

// corpus lists the programs by name.
func corpus(t *testing.T) []program {
	t.Helper()
	entries, err := os.ReadDir(corpusDir)
	if err != nil {
		t.Fatal(err)
	}
	var ps []program
	for _, e := range entries {
		if !e.IsDir() {
			continue
		}
		p := program{name: e.Name(), dir: filepath.Join(corpusDir, e.Name())}
		if _, err := os.Stat(filepath.Join(p.dir, mainFile)); err != nil {
			t.Fatalf("%s: every directory of the corpus holds a %s: %v", p.dir, mainFile, err)
		}
		ps = append(ps, p)
	}
	if len(ps) == 0 {
		t.Fatalf("no programs in %s", corpusDir)
	}
	return ps
}

// knownFailures reads knownFile: one program a line, its name then
// "category: reason"; # starts a comment line.
func knownFailures(t *testing.T, ps []program) map[string]string {
	t.Helper()
	f, err := os.Open(knownFile)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	names := map[string]bool{}
	for _, p := range ps {
		names[p.name] = true
	}
	known := map[string]string{}
	sc := bufio.NewScanner(f)
	for n := 1; sc.Scan(); n++ {
		line := strings.TrimSpace(sc.Text())
		if line == "" || strings.HasPrefix(line, "#") {
			continue
		}
		name, reason, _ := strings.Cut(line, " ")
		reason = strings.TrimSpace(reason)
		switch {
		case !names[name]:
			t.Errorf("%s:%d: no program %q in %s", knownFile, n, name, corpusDir)
		case known[name] != "":
			t.Errorf("%s:%d: %s is listed twice", knownFile, n, name)
		case category(reason) == "":
			t.Errorf("%s:%d: want `name category: reason`, got %q", knownFile, n, line)
		default:
			known[name] = reason
		}
	}
	if err := sc.Err(); err != nil {
		t.Fatal(err)
	}
	return known
}

// refusedCategory is the category of a program whose construct the engine
// refuses with a compile error, which TestEngine checks.
const refusedCategory = "refused"

func category(reason string) string {
	c, _, ok := strings.Cut(reason, ":")
	if !ok || strings.ContainsAny(c, " \t") {
		return ""
	}
	return c
}

// difference shows where got first departs from want, then both under
// their labels.
func difference(wantLabel, want, gotLabel, got string) string {
	wl, gl := strings.SplitAfter(want, "\n"), strings.SplitAfter(got, "\n")
	i := 0
	for i < len(wl) && i < len(gl) && wl[i] == gl[i] {
		i++
	}
	first := func(l []string) string {
		if i < len(l) {
			return fmt.Sprintf("%q", l[i])
		}
		return "(end)"
	}
	return fmt.Sprintf("first difference at line %d: %s has %s, %s has %s\n--- %s\n%s--- %s\n%s",
		i+1, wantLabel, first(wl), gotLabel, first(gl), wantLabel, want, gotLabel, got)
}
