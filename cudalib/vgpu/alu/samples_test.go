package alu

import (
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
)

// instrRE finds "[@[!]%p] opcode.mods" at the start of a PTX instruction
// line.
var instrRE = regexp.MustCompile(`(?m)^\s+(?:@!?%\w+\s+)?([a-z][a-z0-9_]*(?:\.[A-Za-z0-9_]+)*)\s`)

// TestNVRTCSamples: every arithmetic instruction NVRTC emitted for the
// project's kernels (cudalib/ptx/testdata) is implemented.
func TestNVRTCSamples(t *testing.T) {
	files, _ := filepath.Glob("../../ptx/testdata/nvrtc*/*.ptx")
	if len(files) == 0 {
		t.Skip("no PTX samples")
	}
	seen := map[string]bool{}
	for _, f := range files {
		text, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		for _, m := range instrRE.FindAllStringSubmatch(string(text), -1) {
			seen[m[1]] = true
		}
	}
	n := 0
	for spell := range seen {
		parts := strings.Split(spell, ".")
		if builders[parts[0]] == nil {
			continue // the VM's (ld, mov, bra, …) or not an opcode
		}
		n++
		if _, err := Lookup(parts[0], parts[1:]); err != nil {
			t.Errorf("%s: %v", spell, err)
		}
	}
	if n < 50 {
		t.Errorf("only %d arithmetic spellings found in the samples", n)
	}
}
