// Command gpubench measures culab against a native nvcc build of the same
// kernels (native.cu, run beside it by run.sh): async launch overhead,
// vector add at 2·10^8 floats, shared-memory 32×32 matmul at n = 2048, and
// cold and warm compile time of the matmul source. It prints one JSON
// object; run.sh turns both into bench/RESULTS.md rows.
package main

import (
	_ "embed"
	"encoding/json"
	"flag"
	"fmt"
	"math"
	"math/rand/v2"
	"os"
	"sort"
	"time"

	"github.com/culab/culab/cudalib"
)

//go:embed kernels.cu
var kernels string

type result struct {
	LaunchUS     float64 `json:"launch_us"`
	VaddMS       float64 `json:"vadd_ms"`
	VaddBad      int     `json:"vadd_bad"`
	MMMS         float64 `json:"mm_ms"`
	MMMaxRel     float64 `json:"mm_maxrel"`
	CompileColdM float64 `json:"compile_cold_ms"`
	CompileWarmM float64 `json:"compile_warm_ms"`
	CompileHit   bool    `json:"compile_warm_hit"`
	CompileHitUS float64 `json:"compile_hit_us"` // median of 200 warm compiles, as CuPy's RawModule hit in run.sh
}

func main() {
	compileOnly := flag.Bool("compile-only", false, "only time one compile (run in a fresh process to time the disk cache)")
	worker := flag.Bool("worker", false, "keep the GPU in a worker process, as the notebook kernel does")
	serve := flag.Bool("serve-worker", false, "be that worker (internal)")
	flag.Parse()
	if *serve {
		if err := cudalib.ServeWorker(os.Stdin, os.Stdout); err != nil {
			fmt.Fprintln(os.Stderr, "gpubench worker:", err)
			os.Exit(1)
		}
		return
	}
	if *worker {
		cudalib.UseWorker("-serve-worker")
	}
	if err := run(*compileOnly); err != nil {
		fmt.Fprintln(os.Stderr, "gpubench:", err)
		os.Exit(1)
	}
}

func ms(d time.Duration) float64 { return float64(d) / 1e6 }

func run(compileOnly bool) error {
	dev, err := cudalib.Open()
	if err != nil {
		return err
	}
	var r result
	t0 := time.Now()
	mod, err := dev.Compile(kernels)
	if err != nil {
		return err
	}
	mm, err := mod.Kernel("mm_tiled<32>")
	if err != nil {
		return err
	}
	r.CompileColdM = ms(time.Since(t0))
	if compileOnly {
		return json.NewEncoder(os.Stdout).Encode(map[string]any{"compile_ms": r.CompileColdM, "cached": mod.Cached()})
	}
	t0 = time.Now()
	mod2, err := dev.Compile(kernels)
	if err != nil {
		return err
	}
	if _, err := mod2.Kernel("mm_tiled<32>"); err != nil {
		return err
	}
	r.CompileWarmM, r.CompileHit = ms(time.Since(t0)), mod2.Cached()
	if r.CompileHitUS, err = compileHit(dev); err != nil {
		return err
	}

	if r.LaunchUS, err = launchOverhead(mod); err != nil {
		return err
	}
	if r.VaddMS, r.VaddBad, err = vecAdd(dev, mod); err != nil {
		return err
	}
	if r.MMMS, r.MMMaxRel, err = matmul(dev, mm); err != nil {
		return err
	}
	return json.NewEncoder(os.Stdout).Encode(r)
}

// compileHit is the median host time of compiling the loaded source again
// and looking up its template instance (a re-run notebook cell), in µs.
func compileHit(dev *cudalib.Device) (float64, error) {
	per := make([]float64, 200)
	for i := range per {
		t0 := time.Now()
		m, err := dev.Compile(kernels)
		if err != nil {
			return 0, err
		}
		if _, err := m.Kernel("mm_tiled<32>"); err != nil {
			return 0, err
		}
		per[i] = float64(time.Since(t0)) / 1e3
		if err := m.Unload(); err != nil {
			return 0, err
		}
	}
	sort.Float64s(per)
	return per[len(per)/2], nil
}

// launchOverhead is host time per asynchronous launch: median of 5 × 10^4.
func launchOverhead(mod *cudalib.Module) (float64, error) {
	k, err := mod.Kernel("empty_kernel")
	if err != nil {
		return 0, err
	}
	cfg := cudalib.Config{Grid: cudalib.D1(1), Block: cudalib.D1(1)}
	if err := k.Run(cfg); err != nil {
		return 0, err
	}
	var per []float64
	for trial := 0; trial < 5; trial++ {
		t0 := time.Now()
		for i := 0; i < 10000; i++ {
			if err := k.Launch(cfg); err != nil {
				return 0, err
			}
		}
		per = append(per, float64(time.Since(t0).Microseconds())/10000)
		if err := k.Run(cfg); err != nil {
			return 0, err
		}
	}
	sort.Float64s(per)
	return per[2], nil
}

func randFloats(rng *rand.Rand, n int) []float32 {
	out := make([]float32, n)
	for i := range out {
		out[i] = rng.Float32()*2 - 1
	}
	return out
}

func vecAdd(dev *cudalib.Device, mod *cudalib.Module) (float64, int, error) {
	const n = 200_000_000
	rng := rand.New(rand.NewPCG(rand.Uint64(), rand.Uint64()))
	a, b := randFloats(rng, n), randFloats(rng, n)
	da, err := dev.Float32sFrom(a)
	if err != nil {
		return 0, 0, err
	}
	defer da.Free()
	db, err := dev.Float32sFrom(b)
	if err != nil {
		return 0, 0, err
	}
	defer db.Free()
	out, err := dev.Float32s(n)
	if err != nil {
		return 0, 0, err
	}
	defer out.Free()
	out.Fill(float32(math.NaN()))
	k, err := mod.Kernel("vadd")
	if err != nil {
		return 0, 0, err
	}
	tm, err := k.Time(cudalib.Linear(n, 256), out, da, db, n)
	if err != nil {
		return 0, 0, err
	}
	got, err := out.ToHost()
	if err != nil {
		return 0, 0, err
	}
	bad := 0
	for i := range got {
		if got[i] != a[i]+b[i] {
			bad++
		}
	}
	return tm.MS(), bad, nil
}

func matmul(dev *cudalib.Device, k *cudalib.Kernel) (float64, float64, error) {
	const n = 2048
	rng := rand.New(rand.NewPCG(rand.Uint64(), rand.Uint64()))
	A, B := randFloats(rng, n*n), randFloats(rng, n*n)
	dA, err := dev.Float32sFrom(A)
	if err != nil {
		return 0, 0, err
	}
	defer dA.Free()
	dB, err := dev.Float32sFrom(B)
	if err != nil {
		return 0, 0, err
	}
	defer dB.Free()
	dC, err := dev.Float32s(n * n)
	if err != nil {
		return 0, 0, err
	}
	defer dC.Free()
	dC.Fill(float32(math.NaN()))
	cfg := cudalib.Config{Grid: cudalib.D2(n/32, n/32), Block: cudalib.D2(32, 32)}
	tm, err := k.Time(cfg, dA, dB, dC, n)
	if err != nil {
		return 0, 0, err
	}
	C, err := dC.ToHost()
	if err != nil {
		return 0, 0, err
	}
	maxRel := 0.0
	for s := 0; s < 256; s++ {
		i, j := rng.IntN(n), rng.IntN(n)
		var ref, mag float64
		for q := 0; q < n; q++ {
			p := float64(A[i*n+q]) * float64(B[q*n+j])
			ref += p
			mag += math.Abs(p)
		}
		if rel := math.Abs(float64(C[i*n+j])-ref) / mag; !(rel <= maxRel) {
			maxRel = rel // NaN lands here too and stays
		}
	}
	return tm.MS(), maxRel, nil
}
