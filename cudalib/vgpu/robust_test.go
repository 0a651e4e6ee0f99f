package vgpu

import (
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/culab/culab/cudalib/ptx"
)

// TestGarbageLaunches runs every kernel of every sample with parameters
// that are small buffers, null pointers or random numbers: each launch
// ends normally, with a *Fault or with a *LimitError, never with an
// internal error (a panic the executor caught) nor a crash.
func TestGarbageLaunches(t *testing.T) {
	files, _ := filepath.Glob(filepath.Join("..", "ptx", "testdata", "nvrtc11", "*.ptx"))
	more, _ := filepath.Glob(filepath.Join("testdata", "*.ptx"))
	files = append(files, more...)
	// One worker: garbage parameters make different blocks write the same
	// words, a race of the kernel itself (as it would be on a GPU), which
	// the race detector would report against the VM's plain stores.
	g := New(Config{Workers: 1})
	buf, err := g.Alloc(1 << 12)
	if err != nil {
		t.Fatal(err)
	}
	r := rng(99)
	var discard strings.Builder
	for _, f := range files {
		src, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		pm, err := ptx.Parse(f, src)
		if err != nil {
			t.Fatal(err)
		}
		m, err := g.Load(pm)
		if err != nil {
			t.Fatal(err)
		}
		for name, k := range m.kernels {
			for trial := 0; trial < 3; trial++ {
				params := make([][]byte, len(k.paramSizes))
				for i, size := range k.paramSizes {
					p := make([]byte, size)
					var v uint64
					switch (trial + i) % 3 {
					case 0:
						v = buf + r.next()%64*4
					case 1:
						v = r.next() % 300
					default:
						v = r.next()
					}
					for j := range p {
						p[j] = byte(v >> (8 * (j % 8)))
					}
					params[i] = p
				}
				l := Launch{Grid: [3]int{2, 2, 1}, Block: [3]int{32, 2, 1}, DynamicShared: 1024,
					Params: params, Budget: 1 << 16, Printf: &discard}
				err := g.Run(k, l, nil)
				var f *Fault
				var le *LimitError
				switch {
				case err == nil, errors.As(err, &le):
				case errors.As(err, &f):
					if strings.Contains(f.Reason, "internal error") {
						t.Errorf("%s: %v", name, err)
					}
				default:
					t.Errorf("%s: %v", name, err)
				}
			}
		}
		if err := m.Unload(); err != nil {
			t.Fatal(err)
		}
	}
}
