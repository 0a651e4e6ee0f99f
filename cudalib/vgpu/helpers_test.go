package vgpu

import (
	"encoding/binary"
	"math"
	"os"
	"path/filepath"
	"testing"

	"github.com/culab/culab/cudalib/ptx"
)

// compilers are the NVRTC versions whose PTX samples the lab tests run.
var compilers = []string{"nvrtc11", "nvrtc13"}

func forCompilers(t *testing.T, test func(t *testing.T, cc string)) {
	for _, cc := range compilers {
		t.Run(cc, func(t *testing.T) { test(t, cc) })
	}
}

// loadFixture parses a PTX sample of ../ptx/testdata ("nvrtc11/x.ptx") and
// loads it.
func loadFixture(t testing.TB, g *GPU, name string) *Module {
	t.Helper()
	path := filepath.Join("..", "ptx", "testdata", name)
	src, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	return loadSource(t, g, name, src)
}

func loadSource(t testing.TB, g *GPU, name string, src []byte) *Module {
	t.Helper()
	pm, err := ptx.Parse(name, src)
	if err != nil {
		t.Fatalf("parse %s: %v", name, err)
	}
	m, err := g.Load(pm)
	if err != nil {
		t.Fatalf("load %s: %v", name, err)
	}
	return m
}

func kernel(t testing.TB, m *Module, name string) *Kernel {
	t.Helper()
	k, err := m.Kernel(name)
	if err != nil {
		t.Fatal(err)
	}
	return k
}

func p64(x uint64) []byte { return binary.LittleEndian.AppendUint64(nil, x) }
func p32(x int) []byte    { return binary.LittleEndian.AppendUint32(nil, uint32(int32(x))) }

// rng is a small deterministic generator for test inputs.
type rng uint64

func (r *rng) next() uint64 {
	*r ^= *r << 13
	*r ^= *r >> 7
	*r ^= *r << 17
	return uint64(*r)
}

func (r *rng) float32s(n int) []float32 {
	xs := make([]float32, n)
	for i := range xs {
		xs[i] = float32(r.next()%2001)/1000 - 1
	}
	return xs
}

func (r *rng) int32s(n int, mod int) []int32 {
	xs := make([]int32, n)
	for i := range xs {
		xs[i] = int32(r.next() % uint64(mod))
	}
	return xs
}

func f32bytes(xs []float32) []byte {
	b := make([]byte, 4*len(xs))
	for i, x := range xs {
		binary.LittleEndian.PutUint32(b[4*i:], math.Float32bits(x))
	}
	return b
}

func i32bytes(xs []int32) []byte {
	b := make([]byte, 4*len(xs))
	for i, x := range xs {
		binary.LittleEndian.PutUint32(b[4*i:], uint32(x))
	}
	return b
}

// upload allocates device memory holding b.
func upload(t testing.TB, g *GPU, b []byte) uint64 {
	t.Helper()
	a, err := g.Alloc(len(b))
	if err != nil {
		t.Fatal(err)
	}
	if err := g.CopyIn(a, b); err != nil {
		t.Fatal(err)
	}
	return a
}

func download(t testing.TB, g *GPU, a uint64, n int) []byte {
	t.Helper()
	b := make([]byte, n)
	if err := g.CopyOut(b, a); err != nil {
		t.Fatal(err)
	}
	return b
}

func downloadF32(t testing.TB, g *GPU, a uint64, n int) []float32 {
	b := download(t, g, a, 4*n)
	xs := make([]float32, n)
	for i := range xs {
		xs[i] = math.Float32frombits(binary.LittleEndian.Uint32(b[4*i:]))
	}
	return xs
}

func downloadI32(t testing.TB, g *GPU, a uint64, n int) []int32 {
	b := download(t, g, a, 4*n)
	xs := make([]int32, n)
	for i := range xs {
		xs[i] = int32(binary.LittleEndian.Uint32(b[4*i:]))
	}
	return xs
}

func run(t testing.TB, g *GPU, k *Kernel, grid, block [3]int, params ...[]byte) {
	t.Helper()
	if err := g.Run(k, Launch{Grid: grid, Block: block, Params: params}, nil); err != nil {
		t.Fatalf("%s: %v", k.Name(), err)
	}
}

func dim(x int) [3]int          { return [3]int{x, 1, 1} }
func dim2(x, y int) [3]int      { return [3]int{x, y, 1} }
func closeTo(a, b float32) bool { return math.Abs(float64(a-b)) <= 1e-4*(1+math.Abs(float64(b))) }

func readTestdata(name string) ([]byte, error) {
	return os.ReadFile(filepath.Join("testdata", name))
}

func mustParse(t testing.TB, src string) *ptx.Module {
	t.Helper()
	pm, err := ptx.Parse("test.ptx", []byte(src))
	if err != nil {
		t.Fatal(err)
	}
	return pm
}

// runProfiled runs the launch with every counter on and returns its
// profile (nil for a launch that could not start).
func runProfiled(g *GPU, k *Kernel, l Launch) (*Profile, error) {
	p := new(Profile)
	err := g.Run(k, l, &Info{Profile: p})
	if _, notStarted := err.(*Error); notStarted {
		return nil, err
	}
	return p, err
}

// runSanitized runs the launch with the sanitizer and returns its report
// (nil for a launch that could not start).
func runSanitized(g *GPU, k *Kernel, l Launch) (*Report, error) {
	r := new(Report)
	err := g.Run(k, l, &Info{Report: r})
	if _, notStarted := err.(*Error); notStarted {
		return nil, err
	}
	return r, err
}
