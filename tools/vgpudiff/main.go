// Command vgpudiff holds the virtual GPU to a real one: it compiles small
// kernels that exercise each PTX instruction (integer, bit, float in every
// rounding mode, conversions, approximate math, memory, atomics, warps,
// divergence) on both devices, runs them on the same random inputs mixed
// with special values (NaN payloads, ±0, ±Inf, subnormals, extremes,
// shift counts past the width) and compares the results' bits. Exact
// kernels must be bit-identical; approximate ones must stay within their
// documented error bound. It writes a Markdown table and exits 1 if any
// kernel fails.
//
//	vgpudiff [-o report.md] [-n 4096] [-seed 1] [-run regexp] [-virtual-only]
//	         [-record gpu.digests] [-recorded gpu.digests]
//
// With -virtual-only no GPU is needed: every kernel runs on the virtual
// GPU, approximate ones are checked against their bounds, exact ones
// against the GPU's outputs recorded by an earlier -record run on a GPU
// (-recorded; see record.go), or only for running.
package main

import (
	"flag"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"time"

	"github.com/culab/culab/cudalib"
	"github.com/culab/culab/cudalib/nvrtc"
)

func main() {
	out := flag.String("o", "", "write the Markdown report here (default: standard output)")
	n := flag.Int("n", 4096, "elements per kernel (a multiple of 128)")
	seed := flag.Uint64("seed", 1, "random seed of the inputs")
	run := flag.String("run", "", "only kernels whose 'source: name' matches this regexp")
	virtualOnly := flag.Bool("virtual-only", false, "run on the virtual GPU only (no GPU needed)")
	record := flag.String("record", "", "write digests of the GPU's outputs of the exact kernels to this file")
	recordedFile := flag.String("recorded", "", "hold the virtual GPU to the GPU outputs recorded in this file")
	flag.Parse()
	failed, err := diff(config{out: *out, n: *n, seed: *seed, run: *run, virtualOnly: *virtualOnly, record: *record, recorded: *recordedFile})
	if err != nil {
		fmt.Fprintln(os.Stderr, "vgpudiff:", err)
		os.Exit(2)
	}
	if failed > 0 {
		fmt.Fprintf(os.Stderr, "vgpudiff: %d kernels failed\n", failed)
		os.Exit(1)
	}
}

type config struct {
	out         string
	n           int
	seed        uint64
	run         string
	virtualOnly bool
	record      string // write the GPU's digests here
	recorded    string // check the virtual GPU against these digests
}

// diff runs the suite and writes the report; it returns how many kernels
// failed.
func diff(cfg config) (int, error) {
	if cfg.n <= 0 || cfg.n%blockSize != 0 {
		return 0, fmt.Errorf("-n %d: want a positive multiple of %d", cfg.n, blockSize)
	}
	filter, err := regexp.Compile(cfg.run)
	if err != nil {
		return 0, fmt.Errorf("-run: %w", err)
	}
	if cfg.record != "" && cfg.virtualOnly {
		return 0, fmt.Errorf("-record needs a GPU: it records the GPU's outputs")
	}
	var rec map[string]recorded
	if cfg.recorded != "" {
		if rec, err = readRecord(cfg.recorded); err != nil {
			return 0, err
		}
	}
	virt, gpu, err := openDevices(cfg.virtualOnly)
	if err != nil {
		return 0, err
	}
	kernels, err := allKernels()
	if err != nil {
		return 0, err
	}
	info := runInfo{virtual: virt.dev.String(), n: cfg.n, seed: cfg.seed, date: time.Now().UTC().Format("2006-01-02 15:04 UTC"),
		command: strings.Join(append([]string{"vgpudiff"}, os.Args[1:]...), " ")}
	if cfg.recorded != "" {
		info.recorded = filepath.Base(cfg.recorded)
	}
	if gpu != nil {
		info.gpu = gpu.dev.String()
		info.backend = gpu.dev.Info().Backend
	}
	if lib, err := nvrtc.Load(); err == nil {
		major, minor := lib.Version()
		info.nvrtc = fmt.Sprintf("NVRTC %d.%d", major, minor)
	}
	var results []*result
	failed := 0
	for _, k := range kernels {
		if !filter.MatchString(k.String()) {
			continue
		}
		r := runOne(k, cfg, virt, gpu)
		if rec != nil {
			checkRecord(r, rec)
		}
		if r.failed() {
			failed++
		}
		results = append(results, r)
	}
	w := io.Writer(os.Stdout)
	if cfg.out != "" {
		f, err := os.Create(cfg.out)
		if err != nil {
			return 0, err
		}
		defer f.Close()
		w = f
	}
	if err := writeReport(w, info, results); err != nil {
		return 0, err
	}
	if cfg.record != "" {
		if err := writeRecord(cfg.record, info, results); err != nil {
			return 0, err
		}
	}
	return failed, nil
}

// openDevices opens the virtual GPU and, unless virtualOnly, the real one
// (CULAB_DEVICE=gpu, so that Open never hands back the virtual GPU in its
// place).
func openDevices(virtualOnly bool) (virt, gpu *device, err error) {
	v, err := cudalib.OpenVirtual()
	if err != nil {
		return nil, nil, err
	}
	virt = newDevice("virtual GPU", v)
	if virtualOnly {
		return virt, nil, nil
	}
	if err := os.Setenv(cudalib.EnvDevice, "gpu"); err != nil {
		return nil, nil, err
	}
	g, err := cudalib.Open()
	if err != nil {
		return nil, nil, fmt.Errorf("%w (use -virtual-only to run without a GPU)", err)
	}
	return virt, newDevice("GPU", g), nil
}

// runOne runs kernel k on both devices and compares. The GPU runs even
// where the virtual GPU fails, so that a record has every kernel.
func runOne(k testKernel, cfg config, virt, gpu *device) *result {
	r := &result{k: k, n: cfg.n}
	a, b, c := inputs(k, cfg.n, cfg.seed)
	spec, isApprox := approxSpecs[k.name]
	if isApprox {
		r.approx = &approxResult{spec: spec}
	}
	key, err := kernelKey(k, a, b, c)
	if err != nil {
		r.err = err
		return r
	}
	r.key = key
	var g []uint64
	if gpu != nil && k.src.notOnGPU == "" {
		if g, err = gpu.run(k, a, b, c); err != nil {
			r.err = err
		} else if !isApprox {
			r.gpuSum = outputSum(g)
		}
	}
	v, err := virt.run(k, a, b, c)
	if err != nil {
		r.err = err // the virtual GPU's error first: it is the one under test
	}
	if r.err != nil {
		return r
	}
	if isApprox {
		compareApprox(r, spec, a, b, c, v, g)
		return r
	}
	if g != nil {
		compareExact(r, a, b, c, v, g, nanChoice[k.name])
	}
	r.virtualSum = outputSum(v)
	return r
}
