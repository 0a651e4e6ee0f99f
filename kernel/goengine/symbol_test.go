package goengine

import (
	"fmt"
	"math/rand/v2"
	"strconv"
	"strings"
	"testing"
)

// floatsLiteral is xs as a Go []float32 literal that reads back exactly.
func floatsLiteral(xs []float32) string {
	parts := make([]string, len(xs))
	for i, x := range xs {
		parts[i] = strconv.FormatFloat(float64(x), 'g', -1, 32)
	}
	return "[]float32{" + strings.Join(parts, ", ") + "}"
}

// A %%cuda cell's __constant__ array, set from a Go cell through
// nb.Symbol, is what its kernel reads; a later cell whose module declares
// the same variable wins, and the earlier module keeps its own.
func TestCUDASymbol(t *testing.T) {
	needCUDA(t)
	e := shared(t)
	out := ok(t, e, `%%cuda
__constant__ float symw[3];

// out[i] = symw[0]*in[i-1] + symw[1]*in[i] + symw[2]*in[i+1], zero past the ends
__global__ void sym_smooth(const float *in, float *out, int n) {
	int i = blockIdx.x * blockDim.x + threadIdx.x;
	if (i >= n) return;
	float l = i > 0 ? in[i - 1] : 0.0f, r = i + 1 < n ? in[i + 1] : 0.0f;
	out[i] = __fadd_rn(__fadd_rn(__fmul_rn(symw[0], l), __fmul_rn(symw[1], in[i])), __fmul_rn(symw[2], r));
}`).text("stdout")
	if !strings.Contains(out, "sym_smooth") {
		t.Fatalf("summary %q", out)
	}

	seed := rand.Uint64()
	t.Logf("seed %d", seed)
	rng := rand.New(rand.NewPCG(seed, 3))
	const n = 300
	in := make([]float32, n)
	for i := range in {
		in[i] = rng.Float32()*4 - 2
	}
	w := []float32{rng.Float32(), rng.Float32(), rng.Float32()}
	want := make([]float32, n)
	for i := range in {
		var l, r float32
		if i > 0 {
			l = in[i-1]
		}
		if i+1 < n {
			r = in[i+1]
		}
		want[i] = float32(float32(float32(w[0]*l)+float32(w[1]*in[i])) + float32(w[2]*r))
	}

	r := ok(t, e, fmt.Sprintf(`symDev, _ := nb.Device()
symIn := %s
symWant := %s
symW, err := nb.Symbol("symw")
if err != nil {
	panic(err)
}
if err := symW.CopyFrom(%s); err != nil {
	panic(err)
}
symA, _ := symDev.Float32sFrom(symIn)
symB, _ := symDev.Float32s(len(symIn))
if err := sym_smooth.Run(cudalib.Linear(len(symIn), 128), symA, symB, len(symIn)); err != nil {
	panic(err)
}
symGot, _ := symB.ToHost()
symWrong := 0
for i := range symGot {
	if symGot[i] != symWant[i] {
		symWrong++
	}
}
fmt.Sprint(symW.Name(), " ", symW.Size(), " ", symWrong)`, floatsLiteral(in), floatsLiteral(want), floatsLiteral(w)))
	if got := r.result(); got != "symw 12 0" {
		t.Fatalf("symw, its size and the outputs wrong: %s", got)
	}

	// A later cell declares symw too: nb.Symbol is now its variable; the
	// earlier kernel still reads the earlier module's.
	ok(t, e, `%%cuda
__constant__ float symw[3];
__global__ void sym_first(float *out) { out[0] = symw[0]; }`)
	r = ok(t, e, `symW2, _ := nb.Symbol("symw")
symW2.CopyFrom([]float32{7})
symC, _ := symDev.Float32s(1)
sym_first.Run(cudalib.Linear(1, 1), symC)
symFirst, _ := symC.ToHost()
sym_smooth.Run(cudalib.Linear(len(symIn), 128), symA, symB, len(symIn))
symGot, _ = symB.ToHost()
symWrong = 0
for i := range symGot {
	if symGot[i] != symWant[i] {
		symWrong++
	}
}
var symBack [3]float32
symW.CopyTo(&symBack)
fmt.Sprint(symFirst[0], " ", symWrong, " ", symBack == [3]float32(`+floatsLiteral(w)+`))`)
	if got := r.result(); got != "7 0 true" {
		t.Fatalf("the later cell's symw, the earlier kernel's outputs wrong, the earlier symw kept: %s", got)
	}

	xe := fails(t, e, `_, err := nb.Symbol("sym_nosuch")
err`)
	for _, s := range []string{`"sym_nosuch"`, "%%cuda", "symw", "namespace scope"} {
		if !strings.Contains(xe.Value, s) {
			t.Errorf("unknown variable: %s, want it to say %s", xe.Value, s)
		}
	}
	xe = fails(t, e, `symW.CopyFrom(make([]float32, 4))`)
	if !strings.Contains(xe.Value, "symbol symw: cannot copy []float32 of 4: it has 16 bytes, the variable 12") {
		t.Errorf("too large a source: %s", xe.Value)
	}
}
