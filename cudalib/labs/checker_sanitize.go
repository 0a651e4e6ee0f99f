package labs

import (
	"fmt"
	"path/filepath"

	"github.com/culab/culab/cudalib"
)

// launch runs k once and waits for it: on the virtual GPU under the
// sanitizer (its findings come back), on a GPU with Kernel.Run.
func launch(k *cudalib.Kernel, cfg cudalib.Config, args []any) ([]cudalib.Finding, error) {
	if !k.Device().Virtual() {
		return nil, k.Run(cfg, args...)
	}
	rep, err := k.Sanitize(cfg, args...)
	if rep == nil {
		return nil, err
	}
	return rep.Findings, err
}

// failing counts the findings that fail a case: errors. Warnings (a
// barrier some threads skip, a race inside one warp) are shown but pass,
// as compute-sanitizer reports them without failing.
func failing(fs []cudalib.Finding) int {
	n := 0
	for _, f := range fs {
		if f.Severity != "warning" {
			n++
		}
	}
	return n
}

// findingText is one finding in a line: kind, severity, where and which
// thread, and the sanitizer's sentence.
func findingText(f cudalib.Finding) string {
	s := f.Kind
	if f.Severity == "warning" {
		s += " (warning)"
	}
	if f.Line > 0 {
		s += fmt.Sprintf(" at %s:%d", filepath.Base(f.File), f.Line)
	}
	s += fmt.Sprintf(" by thread (%d,%d,%d) of block (%d,%d,%d)", f.Thread[0], f.Thread[1], f.Thread[2], f.Block[0], f.Block[1], f.Block[2])
	if f.Message != "" {
		s += ": " + f.Message
	}
	return s
}
