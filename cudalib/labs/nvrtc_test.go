package labs

import (
	"slices"
	"testing"

	"github.com/culab/culab/cudalib/nvrtc"
)

// Every lab's CUDA C compiles with the real NVRTC to compute_75 PTX (and
// compute_90, the H100's, when this NVRTC knows it), with every kernel its
// variants launch (template instantiations included), and without warnings.
func TestSourcesCompile(t *testing.T) {
	lib, err := nvrtc.Load()
	if err != nil {
		t.Skip("NVRTC not found (scripts/setup-nvrtc.sh installs it): " + err.Error())
	}
	for _, l := range All() {
		t.Run(l.Key, func(t *testing.T) {
			var exprs []string
			seen := map[string]bool{}
			for _, v := range l.Variants {
				for _, k := range v.Kernels {
					if !seen[k] {
						seen[k] = true
						exprs = append(exprs, k)
					}
				}
			}
			for _, arch := range []int{75, 90} {
				if arch != 75 && !slices.Contains(lib.SupportedArchs(), arch) {
					continue
				}
				res, err := lib.Compile(nvrtc.Request{
					Name: l.File, Source: l.Source, Options: l.Options,
					NameExpressions: exprs, Target: nvrtc.Target{Arch: arch},
				})
				if err != nil {
					t.Fatalf("compute_%d: %v", arch, err)
				}
				if res.Log != "" {
					t.Errorf("compute_%d: compiler warnings:\n%s", arch, res.Log)
				}
				for _, e := range exprs {
					if res.Lowered[e] == "" {
						t.Errorf("compute_%d: kernel %s: no lowered name", arch, e)
					}
				}
			}
		})
	}
}
