package goengine

import (
	"errors"
	"fmt"
	"go/token"
	"os"
	"sort"
	"strings"
	"time"

	"github.com/culab/culab/cudalib"
	"github.com/culab/culab/cudalib/nvrtc"
	"github.com/culab/culab/kernel"
	"github.com/culab/culab/kernel/nb"
)

// magic is a %name line (or the %%name first line) of a cell.
type magic struct {
	name, args string
	line       int // 1-based
	argsOff    int // offset of args in the cell
}

// magicCell is a cell's magics and its Go code, laid out as the cell.
type magicCell struct {
	cell  *magic  // %%name on the first line, or nil
	lines []magic // %name lines at the top, in order
	body  string  // the cell with the magic lines blanked
}

var magicHelp = []struct{ usage, text string }{
	{"%%cuda [nvrtc options]", "first line: the rest of the cell is CUDA C; each __global__ kernel becomes a Go variable (and nb.Kernel(name); in a namespace, or named as a package or a Go name of yours, nb.Kernel(name) only); nb.Symbol(name) is a __constant__ or __device__ variable, set with CopyFrom(slice or &x) and read with CopyTo"},
	{"%%cuda --profile[=N]", "also profile the first N (default 1) launches of each kernel on the virtual GPU, per source line: the table and chart show in the output of the cell that launches (plots.ProfileView)"},
	{"%%cuda --sanitize", "also check every launch of each kernel with the virtual GPU's sanitizer first, on copies (out-of-bounds and misaligned accesses, shared-memory races, divergent barriers, uninitialized reads): a launch with findings shows the report, with the cell's lines, in the output of the cell that launches; a clean one shows nothing"},
	{"%%time", "first line: run the cell and print its wall time"},
	{"%%gorun [-o var] [args]", "first line: build the cell as a Go program (package main, standard library) with the Go toolchain and run it compiled, for CPU baselines; -o keeps its stdout in the string var; a program whose resident memory passes the memory cap for a running cell is stopped with a MemoryError"},
	{"%time statement", "run one statement and print its wall time"},
	{"%gpu", "describe the device: the GPU, or the virtual GPU where none can be used"},
	{"%env [NAME[=value]]", "list the environment, show NAME, or set it"},
	{"%help", "this list"},
}

// cellNotes are how cells behave where a Go program would not tell.
var cellNotes = []string{
	"A cell compiles whole before any of it runs: an error anywhere in it runs nothing.",
	"A cell that stops (a panic, an interrupt) leaves the variables it had not defined yet unset: using one says which line to run again.",
	"func main() in a cell runs once, when the cell runs, as a program's would; call main() to run it again.",
	"os.Exit and log.Fatal end the cell, not the kernel (in a goroutine: the cell running then), without running deferred calls; the variables are kept.",
	"A cell may not declare a top-level name of a package in scope (nb := ... would hide the package nb): choose another name.",
	"The text of a value a cell shows is cut at the output limit, as printed output is, with a note of how much was dropped.",
	"A CUDA compile runs in a process of its own: an interrupt ends the cell at once, and a compile past 2 GiB of memory (CULAB_COMPILE_MEMORY sets the limit) is stopped with an error that says so.",
	"A running cell whose Go heap passes the memory cap (60% of the kernel's memory; CULAB_CELL_MEMORY=2GiB sets it, off removes it) is stopped with a MemoryError: the variables it defined are reset, earlier cells' are kept. One allocation past the cap is refused before it is made (a MemoryError panic, which recover catches).",
}

// parseMagics finds the magics at the top of a cell: %%name on the first
// line, or %name lines before the Go code.
func parseMagics(src string) (magicCell, error) {
	mc := magicCell{body: src}
	off := 0
	for line := 1; off < len(src) || line == 1; line++ {
		end := strings.IndexByte(src[off:], '\n')
		if end < 0 {
			end = len(src)
		} else {
			end += off
		}
		text := strings.TrimSpace(src[off:end])
		switch {
		case text == "":
		case strings.HasPrefix(text, "%%"):
			if len(mc.lines) > 0 || mc.cell != nil {
				return mc, fmt.Errorf("line %d: %s must be the first line of the cell", line, strings.Fields(text)[0])
			}
			m := lineMagic(src, off, end, line, 2)
			mc.cell = &m
			mc.body = blank(src[:end]) + src[end:]
			return mc, nil
		case strings.HasPrefix(text, "%"):
			mc.lines = append(mc.lines, lineMagic(src, off, end, line, 1))
			mc.body = mc.body[:off] + blank(src[off:end]) + mc.body[end:]
		default:
			return mc, nil
		}
		if end >= len(src) {
			return mc, nil
		}
		off = end + 1
	}
	return mc, nil
}

// lineMagic reads the magic in src[off:end] after its prefix of % signs.
func lineMagic(src string, off, end, line, prefix int) magic {
	start := off + strings.Index(src[off:end], "%") + prefix
	rest := src[start:end]
	name := rest
	if i := strings.IndexAny(rest, " \t"); i >= 0 {
		name = rest[:i]
	}
	argsOff := start + len(name)
	for argsOff < end && (src[argsOff] == ' ' || src[argsOff] == '\t') {
		argsOff++
	}
	return magic{name: name, args: strings.TrimSpace(src[argsOff:end]), line: line, argsOff: argsOff}
}

// cell runs the magics and the Go code of the cell. Every magic line is
// checked and all the Go code parsed, then compiled, before anything runs
// (whole.go).
func (x *run) cell() (cellResult, *kernel.ExecError) {
	src := strings.Join(x.lines, "\n")
	mc, err := parseMagics(src)
	if err != nil {
		return cellResult{}, usageError(err)
	}
	if mc.cell != nil {
		return x.cellMagic(mc)
	}
	code := make([][]parsed, len(mc.lines)+1) // of each %time line, then the body
	for i, m := range mc.lines {
		switch m.name {
		case "time":
			if m.args == "" {
				return cellResult{}, usageError(errors.New("usage: %time statement"))
			}
			stmt := blank(src[:m.argsOff]) + m.args
			ps, xe := x.parseGo(stmt, splitCell(stmt))
			if xe != nil {
				return cellResult{}, xe
			}
			code[i] = ps
		case "gpu", "env", "help":
		default:
			return cellResult{}, usageError(fmt.Errorf("unknown magic %%%s; %%help lists the magics", m.name))
		}
	}
	ps, xe := x.parseGo(mc.body, splitCell(mc.body))
	if xe != nil {
		return cellResult{}, xe
	}
	code[len(mc.lines)] = ps
	progs := make([][]*compiled, len(code))
	for i, ps := range code {
		if progs[i], xe = x.compileGo(ps); xe != nil {
			return cellResult{}, xe
		}
	}
	var timed cellResult // the value of a %time expression
	for i, m := range mc.lines {
		res, xe := x.lineMagic(m, progs[i])
		if xe != nil {
			return cellResult{}, xe
		}
		if res.data != nil {
			timed = res
		}
	}
	res, xe := x.runGo(progs[len(mc.lines)])
	if xe == nil && res.data == nil {
		res = timed
	}
	return res, xe
}

// cellMagic runs a cell whose first line is %%name.
func (x *run) cellMagic(mc magicCell) (cellResult, *kernel.ExecError) {
	switch m := mc.cell; m.name {
	case "cuda":
		return x.cuda(m, mc.body)
	case "time":
		ps, xe := x.parseGo(mc.body, splitCell(mc.body))
		if xe != nil {
			return cellResult{}, xe
		}
		cs, xe := x.compileGo(ps)
		if xe != nil {
			return cellResult{}, xe
		}
		return x.timed(cs)
	case "gorun":
		return x.gorun(m, mc.body)
	default:
		return cellResult{}, usageError(fmt.Errorf("unknown cell magic %%%%%s; %%help lists the magics", m.name))
	}
}

// timed runs compiled code and prints its wall time.
func (x *run) timed(cs []*compiled) (cellResult, *kernel.ExecError) {
	start := time.Now()
	res, xe := x.runGo(cs)
	x.printf("Wall time: %s %s\n", fmtDuration(time.Since(start)), interpretedNote)
	return res, xe
}

// lineMagic runs one %name line; cs is the compiled statement of %time.
func (x *run) lineMagic(m magic, cs []*compiled) (cellResult, *kernel.ExecError) {
	switch m.name {
	case "time":
		return x.timed(cs)
	case "gpu":
		x.gpu()
	case "env":
		x.env(m.args)
	case "help":
		x.help()
	default:
		return cellResult{}, usageError(fmt.Errorf("unknown magic %%%s; %%help lists the magics", m.name))
	}
	return cellResult{}, nil
}

// help lists the magics, then what a cell does that Go alone would not say.
func (x *run) help() {
	var b strings.Builder
	for _, h := range magicHelp {
		fmt.Fprintf(&b, "%-24s %s\n", h.usage, h.text)
	}
	b.WriteString("\nCells:\n")
	for _, n := range cellNotes {
		b.WriteString("  " + n + "\n")
	}
	x.printf("%s", b.String())
}

// printf writes to the cell's stdout, in order with what the cell prints.
func (x *run) printf(format string, v ...any) {
	fmt.Fprintf(x.e.cap.streams[stdout].w, format, v...)
}

func (x *run) eprintf(format string, v ...any) {
	fmt.Fprintf(x.e.cap.streams[stderr].w, format, v...)
}

func fmtDuration(d time.Duration) string {
	switch {
	case d < time.Microsecond:
		return fmt.Sprintf("%d ns", d.Nanoseconds())
	case d < time.Millisecond:
		return fmt.Sprintf("%.3g µs", float64(d)/float64(time.Microsecond))
	case d < time.Second:
		return fmt.Sprintf("%.3g ms", float64(d)/float64(time.Millisecond))
	}
	return fmt.Sprintf("%.3g s", d.Seconds())
}

func (x *run) gpu() {
	dev, err := nb.Device()
	if err != nil {
		x.printf("No GPU available: %v\n", err)
		return
	}
	x.printf("%s", dev.Info())
	if free, total, err := dev.MemInfo(); err == nil {
		x.printf("%-28s %d MiB of %d MiB\n", "Free global memory:", free>>20, total>>20)
	}
	if dev.Virtual() {
		model := "H100"
		if g, ok := dev.ModeledGPU(); ok {
			model = g.Label
		}
		x.printf("This is the virtual GPU: the limits above are the %s's; kernels run on the CPU and their times are modeled, not measured (%s=gpu|virtual|virtual:NAME chooses the device).\n", model, cudalib.EnvDevice)
		return
	}
	x.printf("%-28s %s\n", "Hardware counters:", cudalib.HardwareCounters())
}

// env lists, shows or sets environment variables (of the kernel process:
// cells, NVRTC and the driver see them).
func (x *run) env(args string) {
	if args == "" {
		vars := os.Environ()
		sort.Strings(vars)
		x.printf("%s\n", strings.Join(vars, "\n"))
		return
	}
	name, value, set := strings.Cut(args, "=")
	if !set {
		name, value, set = strings.Cut(args, " ")
	}
	name, value = strings.TrimSpace(name), strings.TrimSpace(value)
	if !set {
		if v, ok := os.LookupEnv(name); ok {
			x.printf("%s\n", v)
		} else {
			x.printf("env: %s is not set\n", name)
		}
		return
	}
	if err := os.Setenv(name, value); err != nil {
		x.eprintf("env: %v\n", err)
		return
	}
	x.printf("env: %s=%s\n", name, value)
}

// cuda compiles a %%cuda cell on the default device (a GPU, or the virtual
// GPU where none can be used) and defines its kernels; with no device (a
// GPU forced where there is none) it checks the source with NVRTC alone.
func (x *run) cuda(m *magic, body string) (cellResult, *kernel.ExecError) {
	// The source keeps the %%cuda line, blank, so that diagnostics and the
	// virtual GPU's fault reports give the cell's own line numbers.
	src := ""
	if i := strings.IndexByte(body, '\n'); i >= 0 {
		src = body[i:]
	}
	opts, inspect, err := cudaOptions(strings.Fields(m.args))
	if err != nil {
		return cellResult{}, usageError(err)
	}
	name := x.label + ".cu"
	dev, devErr := nb.Device()
	if devErr != nil {
		err := cudalib.CheckSource(name, src, opts...)
		var ce *cudalib.CompileError
		var refused *nvrtc.Error // NVRTC ran and refused the request (an option, say)
		switch {
		case errors.As(err, &ce):
			return cellResult{}, x.cudaCompileError(ce)
		case errors.As(err, &refused):
			return cellResult{}, &kernel.ExecError{Name: "CUDAError", Value: err.Error(), Traceback: []string{"CUDAError: " + err.Error()}}
		case x.ctx.Err() != nil && errors.Is(err, x.ctx.Err()):
			return cellResult{}, interruptedError()
		case err != nil:
			x.printf("No GPU: %v\nThe source was not checked either: %v\n", devErr, err)
		default:
			x.printf("No GPU: %v\nThe CUDA source compiles (checked with NVRTC), but its kernels cannot be launched in this session.\n", devErr)
		}
		return cellResult{}, nil
	}
	mod, err := dev.CompileNamed(name, src, opts...)
	if err != nil {
		var ce *cudalib.CompileError
		switch {
		case errors.As(err, &ce):
			return cellResult{}, x.cudaCompileError(ce)
		case x.ctx.Err() != nil && errors.Is(err, x.ctx.Err()):
			return cellResult{}, interruptedError()
		}
		return cellResult{}, &kernel.ExecError{Name: "CUDAError", Value: err.Error(), Traceback: []string{"CUDAError: " + err.Error()}}
	}
	if l := strings.TrimSpace(mod.Log()); l != "" {
		x.eprintf("%s\n", l)
	}
	inspect.watch(mod)
	x.s.kernels.add("", nil, mod) // its variables, kernels or not
	cached := ""
	if mod.Cached() {
		cached = " (from the compile cache)"
	}
	var summary strings.Builder
	var define []string
	kernels := mod.Kernels()
	fmt.Fprintf(&summary, "Compiled %s%s: %d kernel(s)\n", name, cached, len(kernels))
	for _, kn := range kernels {
		if base, ok := strings.CutSuffix(kn, "<...>"); ok {
			x.s.kernels.add(kn, nil, mod)
			fmt.Fprintf(&summary, "  %s: template; instantiate with nb.Kernel(\"%s<...>\")\n", kn, base)
			continue
		}
		k, err := x.kernelOf(mod, kn)
		if err != nil {
			if x.ctx.Err() != nil {
				return cellResult{}, interruptedError()
			}
			return cellResult{}, &kernel.ExecError{Name: "CUDAError", Value: err.Error(), Traceback: []string{"CUDAError: " + err.Error()}}
		}
		x.s.kernels.add(kn, k, mod)
		a := k.Attributes()
		fmt.Fprintf(&summary, "  %s: %d registers, %d B shared, %d B local", kn, a.Registers, a.StaticShared, a.LocalBytes)
		switch held := x.s.heldBy(kn); {
		case !x.s.goName(kn):
			fmt.Fprintf(&summary, " → nb.Kernel(%q)", kn)
		case held != "":
			fmt.Fprintf(&summary, " → nb.Kernel(%q) (the Go name %s is your %s, kept)", kn, kn, held)
		default:
			define = append(define, fmt.Sprintf("%s := __culab.Kernel(%q)", kn, kn))
			summary.WriteString(" → Go variable " + kn)
		}
		summary.WriteString("\n")
	}
	if len(define) > 0 {
		defs := "\n" + strings.Join(define, "\n")
		if _, xe := x.chunk(defs, chunk{kind: stmtChunk, start: 0, end: len(defs)}); xe != nil {
			return cellResult{}, xe
		}
	}
	x.printf("%s", summary.String())
	return cellResult{}, nil
}

// kernelOf is mod's kernel name, unless the cell is interrupted first.
// On the virtual GPU the first kernel's attributes wait for the whole
// module's SASS (NVRTC and nvdisasm, which no interrupt stops): for a
// cell of 3000 kernels the interrupt was answered 18 s late. That work
// goes on in the background, its result cached for the next compile.
func (x *run) kernelOf(mod *cudalib.Module, name string) (*cudalib.Kernel, error) {
	if err := x.ctx.Err(); err != nil {
		return nil, err
	}
	type found struct {
		k   *cudalib.Kernel
		err error
	}
	done := make(chan found, 1)
	go func() {
		k, err := mod.Kernel(name)
		done <- found{k, err}
	}()
	select {
	case f := <-done:
		return f.k, f.err
	case <-x.ctx.Done():
		return nil, x.ctx.Err()
	}
}

// goName reports whether a kernel's name can be a Go variable without
// hiding a keyword, a package in scope or an engine name.
func (s *session) goName(name string) bool {
	if !token.IsIdentifier(name) || strings.HasPrefix(name, "__") || universe[name] {
		return false
	}
	_, isPkg := s.imports[name]
	return !isPkg
}

// heldBy says what of the user's own a Go name is (a "func", "var",
// "type"...), "" when nothing or the Go variable of a kernel: a kernel
// named as the user's dev or CPU reference function must not replace it
// (a later cell's dev.Float32s would fail, far from the cause).
func (s *session) heldBy(name string) string {
	d, ok := s.decls[name]
	if !ok || strings.HasPrefix(d.sig, name+" := __culab.Kernel(") {
		return ""
	}
	return d.kind
}

// cudaCompileError points the compiler's diagnostics at the cell's lines
// (the source's lines are the cell's).
func (x *run) cudaCompileError(ce *cudalib.CompileError) *kernel.ExecError {
	var tb []string
	first := ""
	for _, d := range ce.Diagnostics {
		if d.Line <= 0 || (d.File != ce.Name && d.File != "") {
			tb = append(tb, d.String())
			continue
		}
		line := d.Line
		msg := fmt.Sprintf("line %d: %s: %s", line, d.Severity, d.Message)
		if first == "" && d.Severity != "warning" {
			first = msg
		}
		tb = append(tb, msg)
		if line <= len(x.lines) {
			src := x.lines[line-1]
			tb = append(tb, "    "+src)
			if d.Column >= 1 && d.Column-1 <= len(src) {
				tb = append(tb, "    "+caretPad(src[:d.Column-1])+"^")
			}
		}
	}
	if len(ce.Diagnostics) == 0 {
		tb = strings.Split(strings.TrimSpace(ce.Log), "\n")
	}
	if first == "" {
		first = ce.Error()
	}
	return &kernel.ExecError{Name: "CUDACompileError", Value: first, Traceback: append([]string{"CUDACompileError: " + first}, tb...)}
}
