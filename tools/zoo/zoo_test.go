package zoo

import (
	"errors"
	"testing"

	"github.com/culab/culab/cudalib"
)

// TestFamiliesOnVirtualGPU runs every variant of every family at its smoke
// size on the virtual GPU and checks its outputs against the CPU.
func TestFamiliesOnVirtualGPU(t *testing.T) {
	dev, err := cudalib.OpenVirtual()
	if err != nil {
		t.Fatal(err)
	}
	for _, f := range All() {
		t.Run(f.Key, func(t *testing.T) {
			in, err := NewInstance(dev, f, f.Smoke, 1)
			if err != nil {
				t.Fatal(err)
			}
			defer in.Free()
			for i := range f.Variants {
				if err := in.Check(&f.Variants[i]); err != nil {
					t.Error(err)
				}
			}
		})
	}
}

// TestCatalogue holds each set to its shape: enough families, each with
// 2–4 variants and 2–3 sizes, unique keys and variant names, its CUDA
// source found.
func TestCatalogue(t *testing.T) {
	minFamilies := map[string]int{SetZoo: 25, SetBlind: 15}
	keys := map[string]bool{}
	for _, set := range Sets {
		fams, err := InSet(set)
		if err != nil {
			t.Fatal(err)
		}
		if len(fams) < minFamilies[set] {
			t.Errorf("set %s: %d families, want at least %d", set, len(fams), minFamilies[set])
		}
		for _, f := range fams {
			if keys[f.Key] {
				t.Errorf("family %q twice", f.Key)
			}
			keys[f.Key] = true
			if _, err := f.Source(); err != nil {
				t.Errorf("%s: %v", f.Key, err)
			}
			if v := len(f.Variants); v < 2 || v > 4 {
				t.Errorf("%s: %d variants, want 2–4", f.Key, v)
			}
			if s := len(f.Sizes); s < 2 || s > 3 {
				t.Errorf("%s: %d sizes, want 2–3", f.Key, s)
			}
			names := map[string]bool{}
			for _, v := range f.Variants {
				if names[v.Name] {
					t.Errorf("%s: variant %q twice", f.Key, v.Name)
				}
				names[v.Name] = true
			}
		}
	}
	if len(keys) != len(All()) {
		t.Errorf("%d families in the sets, %d in all", len(keys), len(All()))
	}
}

// TestSelect picks families by set and key, and refuses a key of another
// set or an unknown set.
func TestSelect(t *testing.T) {
	fams, err := Select(SetBlind, []string{"bfs", "fft"})
	if err != nil || len(fams) != 2 || fams[0].Key != "bfs" || fams[1].Set != SetBlind {
		t.Errorf("Select(blind, bfs fft) = %v, %v", fams, err)
	}
	if _, err := Select(SetBlind, []string{"reduce"}); err == nil {
		t.Error("Select(blind, reduce): no error for a zoo family")
	}
	if _, err := Select("nosuchset", nil); err == nil {
		t.Error("Select(nosuchset): no error")
	}
}

// TestCheckCatchesWrongOutput makes sure a check fails on a wrong output:
// a variant whose launch never runs leaves the poisoned output.
func TestCheckCatchesWrongOutput(t *testing.T) {
	dev, err := cudalib.OpenVirtual()
	if err != nil {
		t.Fatal(err)
	}
	f, err := Get("reduce")
	if err != nil {
		t.Fatal(err)
	}
	in, err := NewInstance(dev, f, 1000, 1)
	if err != nil {
		t.Fatal(err)
	}
	defer in.Free()
	// One block sums only the first segment; the second stays NaN.
	v := one("too few blocks", "reduce_sequential", fixedGrid(1, seg), inOutN)
	if err := in.Check(&v); !errors.Is(err, ErrCheck) {
		t.Fatalf("check of a half-done reduction: %v, want ErrCheck", err)
	}
}

// TestBlindChecksCatchWrongOutput makes sure the blind set's checks are
// not vacuous: a BFS stopped after one level, and the warp-uniform table
// chain checked as the divergent one, both fail.
func TestBlindChecksCatchWrongOutput(t *testing.T) {
	dev, err := cudalib.OpenVirtual()
	if err != nil {
		t.Fatal(err)
	}
	cases := []struct {
		family string
		v      Variant
	}{
		{"bfs", Variant{Name: "one level", steps: func(n int) []Step { return bfsPull.steps(n)[:2] }}},
		{"consttable", one("constant, divergent index", "ct_const_uniform", perElement(256), abc)},
	}
	for _, c := range cases {
		f, err := Get(c.family)
		if err != nil {
			t.Fatal(err)
		}
		in, err := NewInstance(dev, f, f.Smoke, 1)
		if err != nil {
			t.Fatal(err)
		}
		if err := in.Check(&c.v); !errors.Is(err, ErrCheck) {
			t.Errorf("%s %s: %v, want ErrCheck", c.family, c.v.Name, err)
		}
		in.Free()
	}
}
