// Command vgpubench measures the virtual GPU's speed in thread-instructions
// per second (the active lanes of each executed warp-instruction) on three
// lab kernels, compiled by NVRTC from cudalib/labs/cuda exactly as the
// virtual GPU backend compiles them: vecadd_thread, mm_tiled<16> and the
// 27-point stencil st_global. Each launch runs 5 times; the median wall
// time is reported. Outputs are checked against a CPU reference first.
//
// It prints one JSON object per kernel (run.sh puts them beside Numba's
// CUDA simulator on the same work):
//
//	vgpubench [-quick] [-runs 5] [-only kernel] [-profile] [-cpuprofile file]
package main

import (
	"encoding/binary"
	"encoding/json"
	"flag"
	"fmt"
	"math"
	"math/rand/v2"
	"os"
	"runtime"
	"slices"
	"strings"
	"time"

	"github.com/culab/culab/bench/internal/cpuprof"
	"github.com/culab/culab/cudalib/labs"
	"github.com/culab/culab/cudalib/nvrtc"
	"github.com/culab/culab/cudalib/ptx"
	"github.com/culab/culab/cudalib/vgpu"
)

// Sizes: the full run matches the Numba runs of the issue (65536-element
// vector add, 128×128 matmul); -quick shrinks all three for a fast check.
type sizes struct{ vec, mat, stencil int }

var (
	full  = sizes{vec: 65536, mat: 128, stencil: 32}
	quick = sizes{vec: 8192, mat: 32, stencil: 12}
)

// row is one kernel's result, as run.sh reads it.
type row struct {
	Kernel       string  `json:"kernel"`
	Size         string  `json:"size"`
	Launch       string  `json:"launch"`
	MS           float64 `json:"ms"`     // median wall time of one launch
	MinMS        float64 `json:"min_ms"` // the fastest launch: the least disturbed by other processes
	ThreadInstrs int64   `json:"thread_instrs"`
	WarpInstrs   int64   `json:"warp_instrs"`
	PerSecond    float64 `json:"thread_instrs_per_s"`
	Workers      int     `json:"workers"`
}

func main() {
	q := flag.Bool("quick", false, "small sizes (a fast check, not the benchmark)")
	runs := flag.Int("runs", 5, "timed launches per kernel (the median is reported)")
	only := flag.String("only", "", "run only this kernel (vecadd_thread, mm_tiled<16> or st_global)")
	profile := flag.Bool("profile", false, "count every counter, as a timed launch does")
	cpuprofile := flag.String("cpuprofile", "", "write a CPU profile of the runs here")
	flag.Parse()
	stopProfile, err := cpuprof.Start(*cpuprofile)
	if err != nil {
		fmt.Fprintln(os.Stderr, "vgpubench:", err)
		os.Exit(1)
	}
	defer stopProfile()
	sz := full
	if *q {
		sz = quick
	}
	rows, err := bench(sz, *runs, *only, *profile)
	if err != nil {
		fmt.Fprintln(os.Stderr, "vgpubench:", err)
		os.Exit(1)
	}
	enc := json.NewEncoder(os.Stdout)
	enc.SetEscapeHTML(false)
	for _, r := range rows {
		if err := enc.Encode(r); err != nil {
			fmt.Fprintln(os.Stderr, "vgpubench:", err)
			os.Exit(1)
		}
	}
}

// kernelCase is one benchmarked launch: its setup, the launch and a check
// of the output.
type kernelCase struct {
	lab    *labs.Lab
	expr   string // C++ name of the kernel
	size   string
	launch vgpu.Launch
	check  func() error
}

func bench(sz sizes, runs int, only string, profile bool) ([]row, error) {
	lib, err := nvrtc.Load()
	if err != nil {
		return nil, err
	}
	g := vgpu.New(vgpu.Config{})
	rng := rand.New(rand.NewPCG(1, 2))
	cases := []func() (kernelCase, error){
		func() (kernelCase, error) { return vecAdd(g, rng, sz.vec) },
		func() (kernelCase, error) { return matMul(g, rng, sz.mat) },
		func() (kernelCase, error) { return stencil(g, rng, sz.stencil) },
	}
	var rows []row
	for _, mk := range cases {
		c, err := mk()
		if err != nil {
			return nil, err
		}
		if only != "" && c.expr != only {
			continue
		}
		k, err := load(lib, g, c.lab, c.expr)
		if err != nil {
			return nil, err
		}
		if err := g.Run(k, c.launch, nil); err != nil { // warm-up, and the run checked
			return nil, fmt.Errorf("%s: %w", c.expr, err)
		}
		if err := c.check(); err != nil {
			return nil, fmt.Errorf("%s: wrong output: %w", c.expr, err)
		}
		var times []time.Duration
		var st vgpu.Stats
		for range runs {
			t0 := time.Now()
			info := &vgpu.Info{Stats: &st}
			if profile {
				info.Profile = new(vgpu.Profile)
			}
			err := g.Run(k, c.launch, info)
			times = append(times, time.Since(t0))
			if err != nil {
				return nil, fmt.Errorf("%s: %w", c.expr, err)
			}
		}
		slices.Sort(times)
		med := times[len(times)/2]
		rows = append(rows, row{
			Kernel: c.expr, Size: c.size,
			Launch:       fmt.Sprintf("<<<%v, %v>>>", dims(c.launch.Grid), dims(c.launch.Block)),
			MS:           float64(med) / float64(time.Millisecond),
			MinMS:        float64(times[0]) / float64(time.Millisecond),
			ThreadInstrs: st.ThreadInstrs, WarpInstrs: st.WarpInstrs,
			PerSecond: float64(st.ThreadInstrs) / med.Seconds(),
			Workers:   runtime.GOMAXPROCS(0),
		})
	}
	if len(rows) == 0 {
		return nil, fmt.Errorf("no kernel %q", only)
	}
	return rows, nil
}

func dims(d [3]int) string {
	if d[1] == 1 && d[2] == 1 {
		return fmt.Sprint(d[0])
	}
	return fmt.Sprintf("(%d,%d,%d)", d[0], d[1], d[2])
}

// load compiles a lab's source as the virtual GPU backend does (PTX for
// compute_90, -lineinfo, the lab's options) and returns the kernel.
func load(lib *nvrtc.Lib, g *vgpu.GPU, lab *labs.Lab, expr string) (*vgpu.Kernel, error) {
	res, err := lib.Compile(nvrtc.Request{Name: lab.File, Source: lab.Source,
		Options: append([]string{"-lineinfo"}, lab.Options...), NameExpressions: []string{expr},
		Target: nvrtc.Target{Arch: 90}})
	if err != nil {
		return nil, err
	}
	pm, err := ptx.Parse(lab.File, []byte(strings.TrimRight(string(res.Image), "\x00")))
	if err != nil {
		return nil, err
	}
	m, err := g.Load(pm)
	if err != nil {
		return nil, err
	}
	name := res.Lowered[expr]
	if name == "" {
		name = expr // extern "C"
	}
	return m.Kernel(name)
}

// Device memory helpers.

func upload(g *vgpu.GPU, data []byte) (uint64, error) {
	p, err := g.Alloc(len(data))
	if err != nil {
		return 0, err
	}
	return p, g.CopyIn(p, data)
}

func f32bytes(v []float32) []byte {
	b := make([]byte, 4*len(v))
	for i, x := range v {
		binary.LittleEndian.PutUint32(b[4*i:], math.Float32bits(x))
	}
	return b
}

func f64bytes(v []float64) []byte {
	b := make([]byte, 8*len(v))
	for i, x := range v {
		binary.LittleEndian.PutUint64(b[8*i:], math.Float64bits(x))
	}
	return b
}

func download(g *vgpu.GPU, p uint64, n int) ([]byte, error) {
	b := make([]byte, n)
	return b, g.CopyOut(b, p)
}

func p64(v uint64) []byte { return binary.LittleEndian.AppendUint64(nil, v) }
func p32(v int) []byte    { return binary.LittleEndian.AppendUint32(nil, uint32(int32(v))) }

func randF32(r *rand.Rand, n int) []float32 {
	v := make([]float32, n)
	for i := range v {
		v[i] = r.Float32()*2 - 1
	}
	return v
}

// vecAdd: out = a + b, one thread per element, blocks of 256.
func vecAdd(g *vgpu.GPU, r *rand.Rand, n int) (kernelCase, error) {
	a, b := randF32(r, n), randF32(r, n)
	da, err := upload(g, f32bytes(a))
	if err != nil {
		return kernelCase{}, err
	}
	db, err := upload(g, f32bytes(b))
	if err != nil {
		return kernelCase{}, err
	}
	out, err := g.Alloc(4 * n)
	if err != nil {
		return kernelCase{}, err
	}
	return kernelCase{
		lab: labs.VecAdd, expr: "vecadd_thread", size: fmt.Sprintf("n = %d", n),
		launch: vgpu.Launch{Grid: [3]int{(n + 255) / 256, 1, 1}, Block: [3]int{256, 1, 1},
			Params: [][]byte{p64(out), p64(da), p64(db), p32(n)}},
		check: func() error {
			got, err := download(g, out, 4*n)
			if err != nil {
				return err
			}
			for i := range n {
				if w := a[i] + b[i]; math.Float32frombits(binary.LittleEndian.Uint32(got[4*i:])) != w {
					return fmt.Errorf("element %d", i)
				}
			}
			return nil
		},
	}, nil
}

// matMul: C = A·B, n×n, 16×16 tiles.
func matMul(g *vgpu.GPU, r *rand.Rand, n int) (kernelCase, error) {
	a, b := randF32(r, n*n), randF32(r, n*n)
	da, err := upload(g, f32bytes(a))
	if err != nil {
		return kernelCase{}, err
	}
	db, err := upload(g, f32bytes(b))
	if err != nil {
		return kernelCase{}, err
	}
	dc, err := g.Alloc(4 * n * n)
	if err != nil {
		return kernelCase{}, err
	}
	t := (n + 15) / 16
	return kernelCase{
		lab: labs.MatMul, expr: "mm_tiled<16>", size: fmt.Sprintf("%d×%d", n, n),
		launch: vgpu.Launch{Grid: [3]int{t, t, 1}, Block: [3]int{16, 16, 1},
			Params: [][]byte{p64(dc), p64(da), p64(db), p32(n)}},
		check: func() error {
			got, err := download(g, dc, 4*n*n)
			if err != nil {
				return err
			}
			for i := 0; i < n; i++ {
				for j := 0; j < n; j++ {
					var want float64
					for k := 0; k < n; k++ {
						want += float64(a[i*n+k]) * float64(b[k*n+j])
					}
					c := float64(math.Float32frombits(binary.LittleEndian.Uint32(got[4*(i*n+j):])))
					if math.Abs(c-want) > 1e-4*float64(n) {
						return fmt.Errorf("C[%d][%d] = %g, want %g", i, j, c, want)
					}
				}
			}
			return nil
		},
	}, nil
}

// stencil: one step of st_global on an n³ interior (plus halo), blocks of
// 32×4×4 as the lab launches it.
func stencil(g *vgpu.GPU, r *rand.Rand, n int) (kernelCase, error) {
	s := n + 2
	in := make([]float64, s*s*s)
	for i := range in {
		in[i] = r.Float64()
	}
	din, err := upload(g, f64bytes(in))
	if err != nil {
		return kernelCase{}, err
	}
	dout, err := upload(g, make([]byte, 8*len(in)))
	if err != nil {
		return kernelCase{}, err
	}
	return kernelCase{
		lab: labs.Stencil3D, expr: "st_global", size: fmt.Sprintf("%d³", n),
		launch: vgpu.Launch{Grid: [3]int{(n + 31) / 32, (n + 3) / 4, (n + 3) / 4}, Block: [3]int{32, 4, 4},
			Params: [][]byte{p64(din), p64(dout), p32(n), p32(n), p32(n)}},
		check: func() error {
			got, err := download(g, dout, 8*len(in))
			if err != nil {
				return err
			}
			for z := 1; z <= n; z++ {
				for y := 1; y <= n; y++ {
					for x := 1; x <= n; x++ {
						var want float64
						for dz := -1; dz <= 1; dz++ {
							for dy := -1; dy <= 1; dy++ {
								for dx := -1; dx <= 1; dx++ {
									alpha := float64(1+(dx+1)+3*(dy+1)+9*(dz+1)) / 378
									want += alpha * in[(x+dx)+s*((y+dy)+s*(z+dz))]
								}
							}
						}
						c := x + s*(y+s*z)
						if v := math.Float64frombits(binary.LittleEndian.Uint64(got[8*c:])); math.Abs(v-want) > 1e-12 {
							return fmt.Errorf("cell (%d,%d,%d) = %g, want %g", x, y, z, v, want)
						}
					}
				}
			}
			return nil
		},
	}, nil
}
