package labs

import (
	"fmt"
	"path/filepath"
	"slices"
	"testing"

	"github.com/culab/culab/cudalib"
	"github.com/culab/culab/tools/sancompare/catalog"
	"github.com/culab/culab/tools/sancompare/seeded"
)

// Every path to the sanitizer gives the same findings for the same launch
// of every seeded kernel — Kernel.Sanitize, Device.SetSanitizer,
// Module.SanitizeLaunches (%%cuda --sanitize) and labs.Check's launch —
// and they are the catalogue's.
func TestSanitizerPathsAgree(t *testing.T) {
	dev := openVirtual(t)
	dir := filepath.Join("..", "vgpu", "testdata", "seeded")
	m, err := catalog.Load(dir)
	if err != nil {
		t.Fatal(err)
	}
	for _, kc := range m.Kernels {
		t.Run(kc.Name(), func(t *testing.T) {
			paths, err := seeded.Sanitize(dev, dir, &kc)
			if err != nil {
				t.Fatal(err)
			}
			mod, err := seeded.Compile(dev, dir, &kc)
			if err != nil {
				t.Fatal(err)
			}
			l, err := seeded.Prepare(mod, &kc)
			if err != nil {
				t.Fatal(err)
			}
			defer l.Free()
			if err := l.RunFirst(); err != nil {
				t.Fatal(err)
			}
			if paths["labs.Check"], err = launch(l.Kernel, l.Config, l.Args); err != nil {
				t.Fatal(err)
			}
			want := summary(paths["Sanitize"])
			for p, fs := range paths {
				if got := summary(fs); !slices.Equal(got, want) {
					t.Errorf("%s:\n%q\nKernel.Sanitize:\n%q", p, got, want)
				}
			}
			var kinds, expect []string
			for _, f := range paths["Sanitize"] {
				kinds = append(kinds, fmt.Sprintf("%s@%d", f.Kind, f.Line))
			}
			for _, e := range kc.Expect {
				expect = append(expect, fmt.Sprintf("%s@%d", e.Kind, e.Line))
			}
			slices.Sort(kinds)
			slices.Sort(expect)
			if kinds = slices.Compact(kinds); !slices.Equal(kinds, expect) {
				t.Errorf("findings %q, the catalogue's %q", kinds, expect)
			}
		})
	}
}

// summary is what must agree between paths: everything but addresses
// (the paths that sanitize copies see other allocations).
func summary(fs []cudalib.Finding) []string {
	var out []string
	for _, f := range fs {
		s := fmt.Sprintf("%s %s %s:%d %s %s %d by %v in %v ×%d", f.Kind, f.Severity, filepath.Base(f.File), f.Line, f.Access, f.Space, f.Size, f.Thread, f.Block, f.Count)
		if o := f.Other; o != nil {
			s += fmt.Sprintf(" and %s at %d by %v", o.Access, o.Line, o.Thread)
		}
		out = append(out, s)
	}
	return out
}
