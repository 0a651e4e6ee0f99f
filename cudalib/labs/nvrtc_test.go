package labs

import (
	"testing"

	"github.com/culab/culab/cudalib/nvrtc"
)

// Every lab's CUDA C compiles with the real NVRTC to compute_75 PTX, with
// every kernel its variants launch (template instantiations included), and
// without warnings.
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
			res, err := lib.Compile(nvrtc.Request{
				Name: l.File, Source: l.Source, Options: l.Options,
				NameExpressions: exprs, Target: nvrtc.Target{Arch: 75},
			})
			if err != nil {
				t.Fatal(err)
			}
			if res.Log != "" {
				t.Errorf("compiler warnings:\n%s", res.Log)
			}
			for _, e := range exprs {
				if res.Lowered[e] == "" {
					t.Errorf("kernel %s: no lowered name", e)
				}
			}
		})
	}
}
