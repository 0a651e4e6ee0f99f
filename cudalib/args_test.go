package cudalib

import (
	"encoding/binary"
	"errors"
	"fmt"
	"go/constant"
	"go/token"
	"go/types"
	"math"
	"os"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"testing"
	"time"
)

// argRow is one row of docs/kernel-arguments.md's examples.
type argRow struct {
	rule     string
	goExpr   string   // the Go argument, as Go source
	param    string   // the parameter's C type
	externC  bool     // the kernel is extern "C"
	decls    []string // the typedefs and structs param needs
	receives string   // what the kernel receives, or `refused: "words of the message"`
}

var backticked = regexp.MustCompile("`([^`]*)`")

// argTables reads the document's two tables: the rules' numbers, and the
// examples.
func argTables(t *testing.T) (rules []string, rows []argRow) {
	t.Helper()
	doc, err := os.ReadFile("../docs/kernel-arguments.md")
	if err != nil {
		t.Fatal(err)
	}
	ruleText, examples, ok := strings.Cut(string(doc), "\n## Examples\n")
	if !ok {
		t.Fatal("docs/kernel-arguments.md has no Examples section")
	}
	for _, line := range strings.Split(ruleText, "\n") {
		if cells := tableCells(line); cells != nil {
			rules = append(rules, cells[0])
		}
	}
	for _, line := range strings.Split(examples, "\n") {
		cells := tableCells(line)
		if cells == nil {
			continue
		}
		r := argRow{rule: cells[0], receives: cells[3]}
		if g := backticked.FindStringSubmatch(cells[1]); g != nil {
			r.goExpr = g[1]
		}
		for i, g := range backticked.FindAllStringSubmatch(cells[2], -1) {
			switch {
			case i == 0:
				r.param = g[1]
			case g[1] == `extern "C"`:
				r.externC = true
			case strings.HasPrefix(g[1], "typedef "), strings.HasPrefix(g[1], "struct "):
				r.decls = append(r.decls, g[1])
			}
		}
		if r.goExpr == "" || r.param == "" {
			t.Fatalf("example row %q: no Go argument or parameter type", line)
		}
		rows = append(rows, r)
	}
	return rules, rows
}

// tableCells splits a table's body row; nil for any other line.
func tableCells(line string) []string {
	if !strings.HasPrefix(line, "| ") || strings.HasPrefix(line, "| rule ") {
		return nil
	}
	cells := strings.Split(strings.Trim(line, "| "), " | ")
	if len(cells) != 4 {
		return nil
	}
	return cells
}

// Every rule has an example, and every example a rule.
func TestKernelArgumentsDocCoversRules(t *testing.T) {
	rules, rows := argTables(t)
	if len(rules) == 0 || len(rows) == 0 {
		t.Fatalf("%d rules, %d examples", len(rules), len(rows))
	}
	seen := map[string]bool{}
	for _, r := range rows {
		if !slices.Contains(rules, r.rule) {
			t.Errorf("example %s for %s: no rule %s", r.goExpr, r.param, r.rule)
		}
		seen[r.rule] = true
	}
	for _, n := range rules {
		if !seen[n] {
			t.Errorf("rule %s has no example", n)
		}
	}
}

// The examples of docs/kernel-arguments.md, on the virtual GPU.
func TestKernelArgumentsTable(t *testing.T) { checkArgumentTable(t, openVirtualGPU(t)) }

// Issue 30: scale.Run(cfg, x, 2, n) passed the int's bits, and x became
// ~1e-45; it scales by 2.0.
func TestScaleByGoInt(t *testing.T) { checkScaleByGoInt(t, openVirtualGPU(t)) }

func checkScaleByGoInt(t *testing.T, d *Device) {
	const n = 100
	k := compileVirtual(t, d, `__global__ void scale(float* x, float a, int n) {
	int i = blockIdx.x * blockDim.x + threadIdx.x;
	if (i < n) x[i] *= a;
}`, "scale")
	xs := make([]float32, n)
	for i := range xs {
		xs[i] = float32(i) + 0.25
	}
	x, err := d.Float32sFrom(xs)
	if err != nil {
		t.Fatal(err)
	}
	defer x.Free()
	if err := k.Run(Linear(n, 32), x, 2, n); err != nil {
		t.Fatal(err)
	}
	err = k.Run(Linear(n, 32), x, 1<<25+1, n)
	var le *LaunchError
	if want := "argument 2 (float a): Go int 33554433 is not exactly a float"; !errors.As(err, &le) || !strings.Contains(err.Error(), want) {
		t.Errorf("scale by 1<<25+1: %v, want a LaunchError saying %q", err, want)
	}
	got, err := x.ToHost()
	if err != nil {
		t.Fatal(err)
	}
	for i := range got {
		if got[i] != 2*xs[i] {
			t.Fatalf("x[%d] = %g, want %g (scaled by 2 once)", i, got[i], 2*xs[i])
		}
	}
}

// checkArgumentTable runs every example: a kernel per parameter type copies
// its parameter's bytes, and its size, to out.
func checkArgumentTable(t *testing.T, d *Device) {
	_, rows := argTables(t)
	var src strings.Builder
	kernels := map[string]string{}  // by parameter type and linkage
	typedefs := map[string]string{} // the type each typedef names
	declared := map[string]bool{}
	for _, r := range rows {
		for _, td := range r.decls {
			if declared[td] {
				continue
			}
			declared[td] = true
			fmt.Fprintf(&src, "%s\n", td)
			if f := strings.Fields(strings.TrimSuffix(td, ";")); f[0] == "typedef" {
				typedefs[f[len(f)-1]] = strings.Join(f[1:len(f)-1], " ")
			}
		}
	}
	for _, r := range rows {
		key := fmt.Sprint(r.param, r.externC)
		if kernels[key] != "" {
			continue
		}
		name := fmt.Sprintf("p%d", len(kernels))
		kernels[key] = name
		linkage := ""
		if r.externC {
			linkage = `extern "C" `
		}
		fmt.Fprintf(&src, `%s__global__ void %s(%s a, unsigned char* out) {
	const unsigned char* b = (const unsigned char*)&a;
	for (int i = 0; i < (int)sizeof(a); i++) out[i] = b[i];
	out[16] = sizeof(a);
}
`, linkage, name, r.param)
	}
	m, err := d.Compile(src.String(), "--device-int128")
	if err != nil {
		t.Fatalf("%v\n%s", err, src.String())
	}
	defer m.Unload()
	out, err := d.Uint8s(32)
	if err != nil {
		t.Fatal(err)
	}
	defer out.Free()
	for _, r := range rows {
		name := fmt.Sprintf("%s for %s", r.goExpr, r.param)
		k, err := m.Kernel(kernels[fmt.Sprint(r.param, r.externC)])
		if err != nil {
			t.Fatal(err)
		}
		arg, err := goValue(d, r.goExpr)
		if err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		if err := out.Fill(0); err != nil {
			t.Fatal(err)
		}
		err = k.Run(Config{Grid: D1(1), Block: D1(1)}, arg, out)
		if b, ok := arg.(Buffer); ok {
			defer b.Free()
		}
		if words, ok := strings.CutPrefix(r.receives, "refused: "); ok {
			checkRefusal(t, name, r, arg, err, strings.Trim(words, `"`))
			continue
		}
		if err != nil {
			t.Errorf("%s: %v, want %s", name, err, r.receives)
			continue
		}
		got, err := out.ToHost()
		if err != nil {
			t.Fatal(err)
		}
		c := cTypeOf(r.param)
		if def := typedefs[r.param]; def != "" {
			c = cTypeOf(def)
		}
		want, size := expectedBytes(t, name, r.receives, c, arg)
		if int(got[16]) != size || !sameValue(got[:size], want, c) {
			t.Errorf("%s: the kernel received % x (%d bytes), want %s: % x", name, got[:got[16]], got[16], r.receives, want)
		}
	}
}

// checkRefusal checks that err refuses the row's argument before launch,
// naming the argument, its parameter, the value and why.
func checkRefusal(t *testing.T, name string, r argRow, arg any, err error, words string) {
	t.Helper()
	var le *LaunchError
	if !errors.As(err, &le) {
		t.Errorf("%s: %v, want a LaunchError", name, err)
		return
	}
	msg := err.Error()
	if !strings.Contains(msg, words) || !strings.Contains(msg, "argument 1 ("+r.param) {
		t.Errorf("%s: %q, want argument 1 (%s ...) and %q", name, msg, r.param, words)
	}
	if a, err := goArgOf(arg); err == nil && a.kind != argBuffer && !strings.Contains(msg, a.String()) {
		t.Errorf("%s: %q does not name the value (%v)", name, msg, a)
	}
}

// expectedBytes is what the row says the kernel receives, as the bytes of
// the C type c.
func expectedBytes(t *testing.T, name, receives string, c cType, arg any) ([]byte, int) {
	t.Helper()
	b := make([]byte, 8)
	if receives == "the buffer's address" {
		ptr, err := arg.(Buffer).mem().live()
		if err != nil {
			t.Fatal(err)
		}
		binary.LittleEndian.PutUint64(b, uint64(ptr))
		return b, 8
	}
	v := backticked.FindStringSubmatch(receives)
	if v == nil {
		t.Fatalf("%s: receives %q: neither a value nor a refusal", name, receives)
	}
	var bits uint64
	var err error
	switch c.kind {
	case cBool:
		var x bool
		if x, err = strconv.ParseBool(v[1]); x {
			bits = 1
		}
	case cFloat:
		var x float64
		x, err = strconv.ParseFloat(v[1], 8*c.size)
		bits = math.Float64bits(x)
		if c.size == 4 {
			bits = uint64(math.Float32bits(float32(x)))
		}
	case cInt:
		if c.lo < 0 {
			var x int64
			x, err = strconv.ParseInt(v[1], 10, 64)
			if err == nil && (x < c.lo || x > int64(c.hi)) {
				err = fmt.Errorf("out of %s's range", c.name)
			}
			bits = uint64(x) & mask(c.size)
		} else if bits, err = strconv.ParseUint(v[1], 10, 64); err == nil && bits > c.hi {
			err = fmt.Errorf("out of %s's range", c.name)
		}
	default:
		t.Fatalf("%s: the test cannot read a %s", name, c.name)
	}
	if err != nil {
		t.Fatalf("%s: receives %q: %v", name, receives, err)
	}
	binary.LittleEndian.PutUint64(b, bits)
	return b[:c.size], c.size
}

// sameValue compares bytes, any NaN equal to any other.
func sameValue(got, want []byte, c cType) bool {
	if c.kind == cFloat && c.size == 4 {
		g, w := math.Float32frombits(binary.LittleEndian.Uint32(got)), math.Float32frombits(binary.LittleEndian.Uint32(want))
		if g != g && w != w {
			return true
		}
	}
	if c.kind == cFloat && c.size == 8 {
		if g, w := math.Float64frombits(binary.LittleEndian.Uint64(got)), math.Float64frombits(binary.LittleEndian.Uint64(want)); math.IsNaN(g) && math.IsNaN(w) {
			return true
		}
	}
	return string(got) == string(want)
}

// goValue evaluates a Go argument of the table: a constant expression
// (typed as Go types a constant passed as any), a buffer type's name, or
// one of the few other values the table shows.
func goValue(d *Device, expr string) (any, error) {
	buffers := map[string]func() (any, error){
		"Float32s": func() (any, error) { return d.Float32s(4) },
		"Float64s": func() (any, error) { return d.Float64s(4) },
		"Int32s":   func() (any, error) { return d.Int32s(4) },
		"Int64s":   func() (any, error) { return d.Int64s(4) },
		"Uint32s":  func() (any, error) { return d.Uint32s(4) },
		"Uint8s":   func() (any, error) { return d.Uint8s(4) },
	}
	if mk := buffers[expr]; mk != nil {
		return mk()
	}
	switch expr {
	case "math.NaN()":
		return math.NaN(), nil
	case "math.Inf(1)":
		return math.Inf(1), nil
	case "[]float32{1}":
		return []float32{1}, nil
	case "nil":
		return nil, nil
	case "time.Duration(5)":
		return time.Duration(5), nil
	case "(*Float32s)(nil)":
		return (*Float32s)(nil), nil
	case "struct{ x, y float32 }{}":
		return struct{ x, y float32 }{}, nil
	}
	tv, err := types.Eval(token.NewFileSet(), nil, token.NoPos, expr)
	if err != nil {
		return nil, err
	}
	basic, ok := types.Default(tv.Type).(*types.Basic)
	if !ok || tv.Value == nil {
		return nil, fmt.Errorf("%s is not a constant of a basic type", expr)
	}
	v := tv.Value
	i64, _ := constant.Int64Val(constant.ToInt(v)) // for the integer types
	u64, _ := constant.Uint64Val(constant.ToInt(v))
	switch basic.Kind() {
	case types.Int:
		return int(i64), nil
	case types.Int8:
		return int8(i64), nil
	case types.Int16:
		return int16(i64), nil
	case types.Int32:
		return int32(i64), nil
	case types.Int64:
		return i64, nil
	case types.Uint:
		return uint(u64), nil
	case types.Uint8:
		return uint8(u64), nil
	case types.Uint16:
		return uint16(u64), nil
	case types.Uint32:
		return uint32(u64), nil
	case types.Uint64:
		return u64, nil
	case types.Float32:
		f, _ := constant.Float32Val(v)
		return f, nil
	case types.Float64:
		f, _ := constant.Float64Val(v)
		return f, nil
	case types.Bool:
		return constant.BoolVal(v), nil
	case types.String:
		return constant.StringVal(v), nil
	}
	return nil, fmt.Errorf("%s: no Go value of type %s here", expr, basic)
}
