package main

import (
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/culab/culab/cudalib"
	"github.com/culab/culab/tools/sancompare/catalog"
)

// The recorded outputs (testdata/*.log, written from compute-sanitizer's
// documented formats) parse into the virtual GPU's kinds and lines.
func TestParseSanitizer(t *testing.T) {
	cases := map[string][]string{
		"memcheck.log":         {"out-of-bounds@20 global read (0,0,0)/(0,0,0)", "out-of-bounds@21 global read (0,0,0)/(2,0,0)", "misaligned@5 global read (1,0,0)/(0,0,0)"},
		"racecheck.log":        {"race@12/12 error shared write/read", "race@13/16 warning shared read/write"},
		"racecheck-hazard.log": {"race@12/12 error shared"},
		"synccheck.log":        {"barrier-divergence@23 (22,0,0)/(2,0,0)"},
		"initcheck.log":        {"uninitialized@11 global read (0,0,0)/(0,0,0)"},
	}
	for name, want := range cases {
		f, err := os.Open(filepath.Join("testdata", name))
		if err != nil {
			t.Fatal(err)
		}
		found, err := parseSanitizer(f)
		f.Close()
		if err != nil {
			t.Fatal(err)
		}
		var got []string
		for _, c := range found {
			s := site(c.Kind, c.Line, c.Other)
			switch {
			case c.Kind == "race":
				s = strings.TrimSpace(fmt.Sprintf("%s %s %s %s", s, c.Severity, c.Space, c.Access))
			case c.Thread != "":
				s = strings.TrimSpace(fmt.Sprintf("%s %s %s %s/%s", s, c.Space, c.Access, c.Thread, c.Block))
			}
			got = append(got, strings.Join(strings.Fields(s), " "))
		}
		if !slices.Equal(got, want) {
			t.Errorf("%s: got %q, want %q", name, got, want)
		}
	}
}

// compare puts compute-sanitizer's findings beside the virtual GPU's and
// names those the virtual GPU lacks.
func TestCompareTable(t *testing.T) {
	m := &catalog.Manifest{Kernels: []catalog.Kernel{{File: "seed002.cu", Kernel: "ddKernel", Expect: []catalog.Expect{{Kind: "out-of-bounds", Line: 20}}}}}
	logs := t.TempDir()
	for _, tool := range []string{"memcheck", "synccheck"} {
		b, err := os.ReadFile(filepath.Join("testdata", tool+".log"))
		if err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(filepath.Join(logs, logName(&m.Kernels[0], tool)), b, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	found := []cudalib.Finding{{Kind: "out-of-bounds", Severity: "error", Line: 20}, {Kind: "out-of-bounds", Severity: "error", Line: 21},
		{Kind: "barrier-divergence", Severity: "warning", Line: 23}}
	// SetSanitizer's path calls the first one a warning only.
	weak := append([]cudalib.Finding(nil), found...)
	weak[0].Severity = "warning"
	vm := []vmResult{{Kernel: "seed002.cu:ddKernel", Paths: map[string][]cudalib.Finding{
		"Sanitize": found, "SetSanitizer": weak, "SanitizeLaunches": found}}}
	md, missing, err := compare(m, vm, logs)
	if err != nil {
		t.Fatal(err)
	}
	// memcheck.log also holds misc_bugs' misaligned load, which this
	// virtual run lacks on every path.
	// synccheck calls a divergent barrier an error; the virtual GPU a
	// warning (on every path).
	if missing != 7 || !strings.Contains(md, "barrier-divergence@23 as an error (Sanitize)") || !strings.Contains(md, "misaligned@5 (Sanitize)") || !strings.Contains(md, "misaligned@5 (SanitizeLaunches)") ||
		!strings.Contains(md, "out-of-bounds@20 as an error (SetSanitizer)") || !strings.Contains(md, "racecheck: no log") {
		t.Errorf("missing %d:\n%s", missing, md)
	}
}

// Logs recorded on the H100 (compute-sanitizer 2025, CUDA 13) parse into
// the kinds and lines of the catalogue's table.
func TestParseH100Logs(t *testing.T) {
	cases := map[string][]string{
		"misc_bugs.misaligned.memcheck.log":     {"misaligned@5"},
		"seed002.ddKernel.memcheck.log":         {"out-of-bounds@20", "out-of-bounds@21"},
		"matmul_nosync.mm_nosync.racecheck.log": {"race@12/16", "race@13/16"},
		"seed002.ddKernel.synccheck.log":        nil,
	}
	for name, want := range cases {
		f, err := os.Open(filepath.Join("testdata", "h100", name))
		if err != nil {
			t.Fatal(err)
		}
		found, err := parseSanitizer(f)
		f.Close()
		if err != nil {
			t.Fatal(err)
		}
		var got []string
		for _, c := range found {
			if s := site(c.Kind, c.Line, c.Other); !slices.Contains(got, s) {
				got = append(got, s)
			}
		}
		slices.Sort(got)
		if !slices.Equal(got, want) {
			t.Errorf("%s: got %q, want %q", name, got, want)
		}
	}
}
