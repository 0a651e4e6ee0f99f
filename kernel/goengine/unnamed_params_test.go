package goengine

import (
	"strings"
	"testing"
)

// A func literal with unnamed parameters works where compiled code holds
// or calls it and where the cell calls it back (yaegi patch 5): its
// arguments landed in the frame slots of its locals, a reflect.Set panic.
func TestUnnamedParamsLiterals(t *testing.T) {
	e := shared(t)
	ok(t, e, `import "math/rand/v2"`)
	r := ok(t, e, `upSpec := labs.VecAddSpec()
upSpec.Launch = func(int) cudalib.Config { return cudalib.Linear(32, 32) }
fmt.Println(upSpec.Launch(5) == cudalib.Linear(32, 32))
upSpec.Args = func(int, *rand.Rand) []labs.Arg {
	xs := []float32{1, 2}
	return []labs.Arg{labs.In(xs), labs.Scalar(len(xs))}
}
fmt.Println(len(upSpec.Args(7, rand.New(rand.NewPCG(1, 2)))))
upSpec.Tol = func(int) labs.Tolerances { t := labs.DefaultTolerances(); t.F32.Abs = 0.5; return t }
fmt.Println(upSpec.Tol(3).F32.Abs)`)
	if got, want := r.text("stdout"), "true\n2\n0.5\n"; got != want {
		t.Errorf("stdout %q, want %q", got, want)
	}
	// Compiled code calls them (strings.Map, sort.Slice), and the cell its own.
	r = ok(t, e, `upUpper := strings.Map(func(rune) rune { s := "Z"; return rune(s[0]) }, "abc")
upXs := []string{"b", "c", "a"}
sort.Slice(upXs, func(int, int) bool { s := "x"; return len(s) == 0 })
fmt.Println(upUpper, upXs)
var upF func(string, int) string
upF = func(string, int) string { s := "*"; return s + s }
fmt.Println(upF("q", 1))`)
	if got, want := r.text("stdout"), "ZZZ [b c a]\n**\n"; got != want {
		t.Errorf("stdout %q, want %q", got, want)
	}
}

// labs.Check calls a spec's unnamed-parameter funcs from compiled code.
func TestUnnamedParamsCheck(t *testing.T) {
	needCUDA(t)
	e := shared(t)
	ok(t, e, `import "math/rand/v2"`)
	ok(t, e, `%%cuda
__global__ void up_vecadd(float *out, const float *a, const float *b, int n) {
	int i = blockIdx.x * blockDim.x + threadIdx.x;
	if (i < n) out[i] = a[i] + b[i];
}`)
	r := ok(t, e, `upCheck := labs.VecAddSpec()
upCheck.Sizes, upCheck.Large, upCheck.LargeVirtual = []int{1, 33}, 1000, 1000
upCheck.Args = func(int, *rand.Rand) []labs.Arg {
	n := 40
	xs := labs.RandomFloat32s(rand.New(rand.NewPCG(1, 2)), n)
	return []labs.Arg{labs.Out(n), labs.In(xs), labs.In(xs), labs.Scalar(n)}
}
upCheck.Launch = func(int) cudalib.Config { block := 64; return cudalib.Linear(40, block) }
upRep, upErr := labs.Check(up_vecadd, upCheck)
fmt.Println(upErr)
fmt.Println(upRep)`)
	out := r.text("stdout")
	if !strings.HasPrefix(out, "<nil>\n") || !strings.Contains(out, "PASSED, 3 of 3 cases passed") || !strings.Contains(out, "up_vecadd<<<1, 64>>>") {
		t.Errorf("stdout:\n%s", out)
	}
}
