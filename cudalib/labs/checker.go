package labs

import (
	"errors"
	"fmt"
	"math"
	"math/rand/v2"
	"strings"
	"time"

	"github.com/culab/culab/cudalib"
)

// Spec describes a problem for Check, LeetGPU-style: how to make the
// kernel's arguments for a size n, how to size the launch, and what the
// outputs must hold. The ready-made specs (VecAddSpec, MatMulSpec, ...)
// describe the labs' problems; a notebook writes its own in a few lines:
//
//	spec := labs.Spec{
//		Name: "saxpy",
//		Args: func(n int, rng *rand.Rand) []labs.Arg {
//			return []labs.Arg{labs.InOut(labs.RandomFloat32s(rng, n)), labs.In(labs.RandomFloat32s(rng, n)), labs.Scalar(float32(2.5)), labs.Scalar(n)}
//		},
//		Reference: func(a []any) {
//			y, x, alpha := a[0].([]float32), a[1].([]float32), a[2].(float32)
//			for i := range y {
//				y[i] = alpha*x[i] + y[i]
//			}
//		},
//	}
type Spec struct {
	// Name says what the kernel must compute, e.g. "vector addition".
	Name string
	// Signature is the kernel's expected C declaration, for error messages
	// and the report, e.g. "vecadd(float *out, const float *a, const float *b, int n)".
	// Empty: written from Args.
	Signature string
	// Args makes the kernel's arguments for size n, in parameter order:
	// In for inputs (random, never zeros: RandomFloat32s...), Out for
	// outputs (poisoned on the device, so an unwritten element fails),
	// InOut for both, Scalar for values.
	Args func(n int, rng *rand.Rand) []Arg
	// Reference computes what the outputs must hold. It gets one value per
	// argument, in order: for In its host slice, for Out a zeroed slice to
	// fill, for InOut a copy of its input to update in place, for Scalar its
	// value. It runs on the CPU in float64 or the outputs' type.
	Reference func(args []any)
	// Launch is the launch configuration for size n; nil:
	// cudalib.Linear(n, Block).
	Launch func(n int) cudalib.Config
	// Block is the default launch's threads per block; 0: 256.
	Block int
	// Sizes are the edge cases; nil: EdgeSizes(Block).
	Sizes []int
	// Large is one more size, run last on a GPU, and LargeVirtual its
	// counterpart on the virtual GPU (an interpreter: keep a default Check
	// within about 2 s there); 0: DefaultLarge and DefaultLargeVirtual.
	Large, LargeVirtual int
	// Tol returns the tolerances for size n; nil: DefaultTolerances().
	Tol func(n int) Tolerances
	// Seed makes the inputs reproducible; 0 draws a fresh seed, which the
	// report gives.
	Seed uint64
}

// Default large sizes of a Spec that sets none: 1D problems of 4M
// elements on a GPU, 64K on the virtual GPU.
const (
	DefaultLarge        = 1 << 22
	DefaultLargeVirtual = 1 << 16
)

// EdgeSizes are the sizes a 1D problem is checked at: a single element,
// one below, at and above a warp, a prime, and a multi-block size that is
// not a multiple of the block.
func EdgeSizes(block int) []int {
	if block <= 0 {
		block = 256
	}
	return []int{1, 31, 32, 33, 257, 4*block + block/2 + 3}
}

// Tol bounds one element's error: |got − want| ≤ Abs + Rel·|want|, as
// numpy's allclose. The zero Tol is exact.
type Tol struct{ Abs, Rel float64 }

// Tolerances are the tolerances per element type of the outputs.
type Tolerances struct{ F32, F64, Int Tol }

// DefaultTolerances: float32 within 1e-5 (absolute plus relative: a few
// units of roundoff for sums of a few terms of size 1), float64 within
// 1e-12, integers exact. Problems that sum many terms widen them with
// Spec.Tol.
func DefaultTolerances() Tolerances {
	return Tolerances{F32: Tol{Abs: 1e-5, Rel: 1e-5}, F64: Tol{Abs: 1e-12, Rel: 1e-12}}
}

// argKind says how Check treats an argument.
type argKind int

const (
	argIn argKind = iota
	argOut
	argInOut
	argScalar
)

// Arg is one kernel argument of a Spec: make it with In, Out, OutF64,
// OutI32, InOut or Scalar.
type Arg struct {
	kind  argKind
	arr   array // In, Out, InOut
	value any   // Scalar
	err   error // a constructor's refusal, reported by Check
}

// In is an input array: []float32, []float64 or []int32, copied to the
// device before the launch.
func In(xs any) Arg { return arrayArg(argIn, xs) }

// InOut is an array the kernel reads and updates in place: copied in,
// then checked against the Reference's update of a copy.
func InOut(xs any) Arg { return arrayArg(argInOut, xs) }

// Out is an output of n float32s, NaN-poisoned on the device so an element
// the kernel does not write fails the check.
func Out(n int) Arg { return Arg{kind: argOut, arr: make(f32, max(n, 0))} }

// OutF64 is an output of n float64s (NaN-poisoned).
func OutF64(n int) Arg { return Arg{kind: argOut, arr: make(f64, max(n, 0))} }

// OutI32 is an output of n int32s, poisoned with math.MinInt32.
func OutI32(n int) Arg { return Arg{kind: argOut, arr: make(i32, max(n, 0))} }

// Scalar is a value passed as is: int (CUDA's int), int32, int64, uint32,
// uint64, float32, float64 or bool.
func Scalar(v any) Arg { return Arg{kind: argScalar, value: v} }

func arrayArg(kind argKind, xs any) Arg {
	a := Arg{kind: kind}
	switch v := xs.(type) {
	case []float32:
		a.arr = f32(v)
	case []float64:
		a.arr = f64(v)
	case []int32:
		a.arr = i32(v)
	default:
		a.err = fmt.Errorf("%T is not an array argument: use []float32, []float64 or []int32 (or labs.Scalar for a value)", xs)
	}
	return a
}

// text is the argument as the spec's signature writes it.
func (a Arg) text(i int) string {
	if a.kind == argScalar {
		return fmt.Sprintf("%s arg%d", scalarC(a.value), i+1)
	}
	c := "const "
	if a.kind != argIn {
		c = ""
	}
	return fmt.Sprintf("%s%s *%s%d", c, elemC(a.arr), map[argKind]string{argIn: "in", argOut: "out", argInOut: "inout"}[a.kind], i+1)
}

func elemC(a array) string {
	switch a.(type) {
	case f64:
		return "double"
	case i32:
		return "int"
	}
	return "float"
}

func scalarC(v any) string {
	switch v.(type) {
	case int, int32:
		return "int"
	case int64:
		return "long long"
	case uint32:
		return "unsigned"
	case uint64:
		return "unsigned long long"
	case float32:
		return "float"
	case float64:
		return "double"
	case bool:
		return "bool"
	}
	return fmt.Sprintf("%T", v)
}

// host is what Reference gets for the argument: for an output a fresh
// slice (zeroed, or a copy of the input for InOut), else the input itself.
func (a Arg) host() (any, array) {
	switch a.kind {
	case argScalar:
		return a.value, nil
	case argIn:
		return hostSlice(a.arr), nil
	}
	want := cloneArray(a.arr, a.kind == argInOut)
	return hostSlice(want), want
}

// hostSlice is the Go slice under a host array.
func hostSlice(a array) any {
	switch v := a.(type) {
	case f32:
		return []float32(v)
	case f64:
		return []float64(v)
	case i32:
		return []int32(v)
	}
	return nil
}

// cloneArray is a new array of a's type and length, a copy of a's values
// when withData, else zeroed.
func cloneArray(a array, withData bool) array {
	var c array
	switch v := a.(type) {
	case f32:
		c = make(f32, len(v))
		if withData {
			copy(c.(f32), v)
		}
	case f64:
		c = make(f64, len(v))
		if withData {
			copy(c.(f64), v)
		}
	case i32:
		c = make(i32, len(v))
		if withData {
			copy(c.(i32), v)
		}
	}
	return c
}

// Check runs k on spec's sizes, each with fresh random inputs and poisoned
// outputs, and compares every output with spec's Reference. On the virtual
// GPU each launch runs under the sanitizer (Kernel.Sanitize), and a
// finding of severity error fails the case.
//
// A wrong or unwritten output, a fault, or a launch the device refuses at
// a larger size is a failed case of the report, never an error. Errors are
// for what makes the check meaningless: a nil kernel, a spec without Args
// or Reference, arguments the kernel does not take (the error names both
// signatures), an interrupt. Faults on a GPU leave the context unusable:
// the cases after one are not run, and the report says to call
// dev.Reset().
func Check(k *cudalib.Kernel, spec Spec) (*CheckReport, error) {
	if k == nil {
		return nil, errors.New("labs.Check: nil kernel (compile it with a %%cuda cell and get it with nb.Kernel(\"name\"))")
	}
	if spec.Args == nil || spec.Reference == nil {
		return nil, fmt.Errorf("labs.Check %s: the spec needs Args and Reference", k.Name())
	}
	dev := k.Device()
	s := spec.withDefaults(dev)
	rep := &CheckReport{
		Kernel: k.Name(), Problem: s.Name, Device: dev.String(), Seed: s.Seed,
		Sanitized: dev.Virtual(),
	}
	for i, n := range s.Sizes {
		if err := cudalib.Interrupted(); err != nil {
			rep.Stopped = err.Error()
			return rep, err
		}
		c, err := s.run(k, n, i == 0)
		if err != nil {
			rep.Stopped = err.Error()
			return rep, err
		}
		rep.Cases = append(rep.Cases, c)
		if c.fault && !dev.Virtual() {
			for _, m := range s.Sizes[i+1:] {
				rep.Cases = append(rep.Cases, Case{Size: m, FirstWrong: -1, Result: "not run: the device faulted; call dev.Reset() and compile the kernel again"})
			}
			break
		}
	}
	return rep, nil
}

// withDefaults fills the spec's zero fields and appends the large size for
// dev; the seed is drawn here so the report can give it.
func (s Spec) withDefaults(dev *cudalib.Device) Spec {
	if s.Block <= 0 {
		s.Block = 256
	}
	if s.Launch == nil {
		block := s.Block
		s.Launch = func(n int) cudalib.Config { return cudalib.Linear(n, block) }
	}
	if s.Tol == nil {
		s.Tol = func(int) Tolerances { return DefaultTolerances() }
	}
	if s.Sizes == nil {
		s.Sizes = EdgeSizes(s.Block)
	}
	large := s.Large
	if dev.Virtual() {
		large = s.LargeVirtual
		if large == 0 {
			large = DefaultLargeVirtual
		}
	} else if large == 0 {
		large = DefaultLarge
	}
	s.Sizes = append(append([]int(nil), s.Sizes...), large)
	if s.Seed == 0 {
		s.Seed = rand.Uint64() | 1 // never 0, so the report's seed repeats the run
	}
	if s.Name == "" {
		s.Name = "your problem"
	}
	return s
}

// signature writes the spec's expected kernel declaration.
func (s Spec) signature(name string, args []Arg) string {
	if s.Signature != "" {
		return s.Signature
	}
	texts := make([]string, len(args))
	for i, a := range args {
		texts[i] = a.text(i)
	}
	return name + "(" + strings.Join(texts, ", ") + ")"
}

// run checks one size. first says it is the first case: a launch refused
// there means the kernel does not fit the spec, an error; at later sizes
// it is a failed case (a grid too large, say).
func (s Spec) run(k *cudalib.Kernel, n int, first bool) (c Case, err error) {
	c = Case{Size: n, FirstWrong: -1}
	args := s.Args(n, newRand(s.Seed, n))
	for i, a := range args {
		if a.err != nil {
			return c, fmt.Errorf("labs.Check %s, argument %d: %w", k.Name(), i+1, a.err)
		}
	}
	cfg := s.Launch(n)
	c.Launch = launchText(k.Name(), cfg)
	dev := k.Device()
	bufs := make([]cudalib.Buffer, len(args)) // nil for scalars
	var owned []cudalib.Buffer
	defer func() {
		if ferr := freeAll(owned); ferr != nil && err == nil {
			err = fmt.Errorf("labs.Check %s, n = %d: %w", k.Name(), n, ferr)
		}
	}()
	kargs := make([]any, len(args))
	for i, a := range args {
		if a.kind == argScalar {
			kargs[i] = a.value
			continue
		}
		b, aerr := a.arr.alloc(dev)
		if aerr != nil {
			return c, fmt.Errorf("labs.Check %s, n = %d, argument %d: %w", k.Name(), n, i+1, aerr)
		}
		bufs[i], owned = b, append(owned, b)
		if a.kind == argOut {
			aerr = a.arr.poison(b)
		} else {
			aerr = a.arr.upload(b)
		}
		if aerr != nil {
			return c, fmt.Errorf("labs.Check %s, n = %d, argument %d: %w", k.Name(), n, i+1, aerr)
		}
		kargs[i] = b
	}
	start := time.Now()
	findings, lerr := launch(k, cfg, kargs)
	c.MS = float64(time.Since(start)) / float64(time.Millisecond)
	c.Findings = findings
	var le *cudalib.LaunchError
	switch {
	case lerr != nil && cudalib.Interrupted() != nil:
		return c, lerr
	case errors.As(lerr, &le) && first:
		return c, fmt.Errorf("labs.Check: the kernel does not fit the spec's arguments or launch %s: %w\n  kernel: %s\n  spec:   %s",
			c.Launch, lerr, kernelSignature(k), s.signature(k.Name(), args))
	case lerr != nil:
		c.fault = cudalib.IsFault(lerr)
		c.Result = "FAIL: " + lerr.Error()
		return c, nil
	}
	c.Pass, c.Result = s.compare(n, args, bufs, &c)
	if n := failing(findings); n > 0 {
		c.Pass = false
		c.Result = fmt.Sprintf("FAIL: the sanitizer found %d error(s); outputs: %s", n, c.Result)
	}
	return c, nil
}

// kernelSignature is the kernel's C declaration as its source writes it.
func kernelSignature(k *cudalib.Kernel) string {
	ps := k.Params()
	if ps == nil {
		return k.Name() + "(?)"
	}
	return k.Name() + "(" + strings.Join(ps, ", ") + ")"
}

// compare fetches the outputs and checks them against the Reference's,
// filling c's error figures; it returns the verdict and its text.
func (s Spec) compare(n int, args []Arg, bufs []cudalib.Buffer, c *Case) (bool, string) {
	hosts := make([]any, len(args))
	wants := make([]array, len(args))
	for i, a := range args {
		hosts[i], wants[i] = a.host()
	}
	s.Reference(hosts)
	tols := s.Tol(n)
	pass, text := true, "ok"
	for i, a := range args {
		if wants[i] == nil {
			continue
		}
		got := cloneArray(a.arr, false)
		if err := got.fetch(bufs[i]); err != nil {
			return false, fmt.Sprintf("FAIL: fetch argument %d: %v", i+1, err)
		}
		r := compareArray(got, wants[i], tols.of(got))
		c.MaxErr = maxNaN(c.MaxErr, r.maxErr)
		if r.wrong > 0 && pass {
			pass = false
			c.FirstWrong, c.Got, c.Want, c.Output = r.first, r.got, r.want, i+1
			text = fmt.Sprintf("FAIL: argument %d: %d of %d elements wrong, first [%d] = %s, want %s", i+1, r.wrong, got.length(), r.first, fmtValue(r.got), fmtValue(r.want))
			if r.unwritten > 0 {
				text += fmt.Sprintf(" (%d never written: still poisoned)", r.unwritten)
			}
		}
	}
	if pass {
		c.FirstWrong = -1
	}
	return pass, text
}

func (t Tolerances) of(a array) Tol {
	switch a.(type) {
	case f64:
		return t.F64
	case i32:
		return t.Int
	}
	return t.F32
}

// arrayDiff is the outcome of comparing one output.
type arrayDiff struct {
	wrong, unwritten int
	first            int // index of the first wrong element; -1: none
	got, want        float64
	maxErr           float64 // largest |got − want|; NaN when one is unwritten
}

// compareArray compares got with want element by element. Every test is
// written so that NaN (poison) fails it.
func compareArray(got, want array, tol Tol) arrayDiff {
	d := arrayDiff{first: -1}
	if got.length() != want.length() {
		d.wrong, d.first, d.maxErr = max(got.length(), want.length()), 0, math.Inf(1)
		return d
	}
	for i := range got.length() {
		g, w := got.at(i), want.at(i)
		e := math.Abs(g - w)
		d.maxErr = maxNaN(d.maxErr, e)
		if e <= tol.Abs+tol.Rel*math.Abs(w) {
			continue
		}
		if math.IsNaN(g) {
			d.unwritten++
		}
		if d.wrong++; d.first < 0 {
			d.first, d.got, d.want = i, g, w
		}
	}
	return d
}

// maxNaN is the larger of a and b, NaN when either is.
func maxNaN(a, b float64) float64 {
	if math.IsNaN(a) || math.IsNaN(b) {
		return math.NaN()
	}
	return max(a, b)
}

// fmtValue writes an element: "NaN (unwritten)" for poison.
func fmtValue(v float64) string {
	if math.IsNaN(v) {
		return "NaN (unwritten)"
	}
	return fmt.Sprintf("%.8g", v)
}

// RandomFloat32s returns n values uniform in ±[0.5, 1.5): never zero, of
// either sign and similar size, so a wrong element stands out.
func RandomFloat32s(rng *rand.Rand, n int) []float32 { return randomFloat32s(rng, max(n, 0)) }

// RandomFloat64s is RandomFloat32s in float64.
func RandomFloat64s(rng *rand.Rand, n int) []float64 { return randomFloats(rng, max(n, 0)) }

// RandomInt32s returns n values in ±[1, 1000]: never zero.
func RandomInt32s(rng *rand.Rand, n int) []int32 {
	v := make([]int32, max(n, 0))
	for i := range v {
		v[i] = 1 + rng.Int32N(1000)
		if rng.Uint64()&1 == 0 {
			v[i] = -v[i]
		}
	}
	return v
}
