package goengine

import (
	"errors"
	"fmt"
	"go/scanner"
	"reflect"
	"regexp"
	"strconv"
	"strings"

	"github.com/traefik/yaegi/interp"

	"github.com/culab/culab/internal/holds"
	"github.com/culab/culab/kernel"
)

// The interpreter reports positions in the file names the engine gave its
// chunks ("In[3]/_.go:4:7: ..."); tracebacks say "line 4" for the running
// cell and "In[3] line 4" for an earlier one, and show the line.

var posPrefix = regexp.MustCompile(`^(\S+?):(\d+):(\d+): `)

// reflectPanics maps the panics of reflection that the interpreter lets
// through for a plain runtime error of the cell to Go's words for it.
var reflectPanics = map[string]string{
	"reflect: call of reflect.Value.Field on zero Value": "runtime error: invalid memory address or nil pointer dereference",
	"reflect: call of reflect.Value.Elem on zero Value":  "runtime error: invalid memory address or nil pointer dereference",
	"reflect: slice index out of range":                  "runtime error: index out of range",
	"reflect: array index out of range":                  "runtime error: index out of range",
	"reflect: string index out of range":                 "runtime error: index out of range",
}

// confusing maps the interpreter's messages that hide a simple cause to a
// hint.
var confusing = map[string]string{
	"constant definition loop": "is a name undefined?",
	"CFG post-order panic":     "the interpreter failed on this code; is a name undefined?",
}

// cudaLaunch is CUDA's launch syntax, kernel<<<grid, block[, shared[, stream]]>>>(args).
var cudaLaunch = regexp.MustCompile(`([A-Za-z_]\w*)\s*<<<\s*([^,<>]+?)\s*,\s*([^,<>]+?)\s*(?:,[^<>]*)?>>>\s*\((.*)\)`)

// launchHint says how a line that launches a kernel with CUDA's <<<>>>
// syntax, which is no Go, is written in a cell; "" for any other line.
func launchHint(line string) string {
	m := cudaLaunch.FindStringSubmatch(line)
	if m == nil {
		return ""
	}
	args := ""
	if a := strings.TrimSpace(m[4]); a != "" {
		args = ", " + a
	}
	return fmt.Sprintf("kernel<<<grid, block>>>(...) is CUDA C++, not Go: in a Go cell launch with %s.Run(cudalib.Config{Grid: cudalib.D1(%s), Block: cudalib.D1(%s)}%s), or cudalib.D2/D3 for 2D and 3D; Config.Shared and Config.Stream are the third and fourth",
		m[1], m[2], m[3], args)
}

// compileError reports a parse or compile error of a chunk whose first line
// was shifted by col1 bytes.
func (x *run) compileError(name string, err error, col1 int) *kernel.ExecError {
	var list scanner.ErrorList
	if errors.As(err, &list) && len(list) > 0 {
		e := list[0]
		msg := e.Msg
		if e.Pos.Filename == x.file && e.Pos.Line >= 1 && e.Pos.Line <= len(x.lines) {
			if hint := launchHint(x.lines[e.Pos.Line-1]); hint != "" {
				msg += " (" + hint + ")"
			}
		}
		return x.at(name, e.Pos.Filename, e.Pos.Line, e.Pos.Column, col1, msg)
	}
	msg := err.Error()
	for key, hint := range confusing {
		if strings.Contains(msg, key) {
			msg += " (" + hint + ")"
		}
	}
	if m := posPrefix.FindStringSubmatch(msg); m != nil {
		line, _ := strconv.Atoi(m[2])
		col, _ := strconv.Atoi(m[3])
		return x.at(name, m[1], line, col, col1, msg[len(m[0]):])
	}
	return &kernel.ExecError{Name: name, Value: msg, Traceback: []string{name + ": " + msg}}
}

// at builds an error at a position: a caret under the column when it is
// in the running cell.
func (x *run) at(name, file string, line, col, col1 int, msg string) *kernel.ExecError {
	if file != x.file {
		tb := []string{fmt.Sprintf("%s: %s", name, msg), x.where(file, line)}
		return &kernel.ExecError{Name: name, Value: msg, Traceback: tb}
	}
	line = min(max(line, 1), len(x.lines))
	if line == 1 {
		col -= col1
	}
	value := fmt.Sprintf("line %d: %s", line, msg)
	tb := []string{name + ": " + value}
	if src := x.lines[line-1]; strings.TrimSpace(src) != "" {
		tb = append(tb, "    "+src)
		if col >= 1 && col-1 <= len(src) {
			tb = append(tb, "    "+caretPad(src[:col-1])+"^")
		}
	}
	return &kernel.ExecError{Name: name, Value: value, Traceback: tb}
}

// positioned is an error at a line of the running cell.
func (x *run) positioned(name string, line int, msg string) *kernel.ExecError {
	return x.at(name, x.file, line, 0, 0, msg)
}

// caretPad keeps the tabs of prefix and blanks the rest, one space a rune.
func caretPad(prefix string) string {
	var b strings.Builder
	for _, r := range prefix {
		if r == '\t' {
			b.WriteByte('\t')
		} else {
			b.WriteByte(' ')
		}
	}
	return b.String()
}

// where names a line of a cell, with its source when known.
func (x *run) where(file string, line int) string {
	label := "line " + strconv.Itoa(line)
	if file != x.file {
		label = strings.TrimSuffix(file, "/_.go") + " line " + strconv.Itoa(line)
	}
	if lines := x.s.sources[file]; line >= 1 && line <= len(lines) {
		if src := strings.TrimSpace(lines[line-1]); src != "" {
			label += ": " + src
		}
	}
	return label
}

// runError reports a chunk that failed while running; line is where the
// chunk starts, wrapped whether it ran in the engine's func literal.
func (x *run) runError(err error, line int, wrapped bool) *kernel.ExecError {
	if errors.Is(err, errInterrupted) {
		x.interrupted = true
		return interruptedError()
	}
	if errors.Is(err, errGoexit) {
		xe := goexitError(x.label)
		xe.Traceback[1] = "    " + x.where(x.file, line)
		return xe
	}
	var cp *cellPanic
	if !errors.As(err, &cp) {
		return x.compileError("RuntimeError", err, 0)
	}
	if so, ok := cp.p.Value.(*interp.StackOverflow); ok {
		return x.stackOverflow(so, line)
	}
	value, stopped := x.panicText(cp.p)
	if stopped {
		x.interrupted = true
		return interruptedError()
	}
	if m := posPrefix.FindStringSubmatch(value); m != nil {
		value = value[len(m[0]):] // the traceback says where
	}
	if goWords, ok := reflectPanics[value]; ok {
		value = goWords
	}
	tb := []string{"panic: " + value}
	for _, f := range nativeFrames(string(cp.p.Stack)) {
		tb = append(tb, "    in "+f)
	}
	// The interpreter gives a frame's position as the start of its
	// function (yaegi #1266): name the function and where it was declared
	// instead, and the statement the cell was running. Frames come
	// innermost first; the last is the chunk itself and, for a wrapped
	// chunk, the one before it the engine's func literal.
	drop := 1
	if wrapped {
		drop = 2
	}
	frames := cp.frames[:max(len(cp.frames)-drop, 0)]
	for i, f := range frames {
		if n := len(frames) - 2*traceEnds; n > 0 && i >= traceEnds && i < len(frames)-traceEnds {
			if i == traceEnds {
				tb = append(tb, fmt.Sprintf("    ... %d more calls", n))
			}
			continue
		}
		tb = append(tb, "    in "+x.declared(strings.TrimPrefix(f.fn, "main.")))
	}
	tb = append(tb, "    "+x.where(x.file, line))
	if _, ok := cp.p.Value.(*MemoryError); ok {
		tb[0] = memoryErrorName + ": " + value
		return &kernel.ExecError{Name: memoryErrorName, Value: value, Traceback: tb}
	}
	return &kernel.ExecError{Name: "panic", Value: value, Traceback: tb}
}

// panicText is the message of a panic of the cell: its value's Error or
// String method is the cell's code, run as showResult runs a result's, on
// a goroutine that an interrupt stops (one that never returned hung the
// engine, deaf to interrupts). stopped: an interrupt stopped it.
func (x *run) panicText(p interp.Panic) (msg string, stopped bool) {
	end, stopped := x.await(goCell(func() { msg = panicMessage(p.Value, p.Text) }))
	if !stopped && (end.panicked != nil || end.goexit) {
		msg = fmt.Sprintf("a panic with a value of type %T", p.Value)
	}
	return msg, stopped
}

// traceEnds is how many frames a long traceback shows at each end.
const traceEnds = 10

// stackOverflow reports runaway recursion: the function that recursed,
// where it is declared, and the statement the cell was running.
func (x *run) stackOverflow(so *interp.StackOverflow, line int) *kernel.ExecError {
	fn := strings.TrimPrefix(so.Func, "main.")
	if fn == "func" {
		fn = "a function literal"
	}
	value := fmt.Sprintf("stack overflow: recursion deeper than %d calls in %s", so.Depth, fn)
	if so.Pos.Line > 0 {
		at := "line " + strconv.Itoa(so.Pos.Line)
		if so.Pos.Filename != x.file {
			at = strings.TrimSuffix(so.Pos.Filename, "/_.go") + " " + at
		}
		value += " (" + at + ")"
	}
	return &kernel.ExecError{Name: "StackOverflow", Value: value, Traceback: []string{
		"StackOverflow: " + value,
		"    " + x.where(x.file, line),
		"    (does the function stop calling itself? Variables and the notebook are unharmed)",
	}}
}

// declared names a function of the cells and where it was declared.
func (x *run) declared(fn string) string {
	if fn == "func" {
		return "a function literal"
	}
	d, ok := x.s.decls[fn]
	if !ok {
		for _, ms := range x.s.methods {
			for _, m := range ms {
				if methodName(m.sig) == fn {
					d, ok = m, true
				}
			}
		}
	}
	if !ok || d.pos.Line == 0 {
		return fn
	}
	return fn + ", declared at " + x.where(d.pos.Filename, d.pos.Line)
}

// nativeFrames finds, in the stack of a recovered panic, the compiled
// functions where the first panic happened (a preloaded package's, say):
// the frames after the last "panic(" up to reflection or the interpreter.
func nativeFrames(stack string) []string {
	lines := strings.Split(stack, "\n")
	last := -1
	for i, l := range lines {
		if strings.HasPrefix(l, "panic(") {
			last = i
		}
	}
	if last < 0 {
		return nil
	}
	var frames []string
	for i := last + 2; i+1 < len(lines) && len(frames) < 8; i += 2 {
		fn := lines[i]
		if strings.HasPrefix(fn, "reflect.") || strings.HasPrefix(fn, "github.com/traefik/yaegi/") {
			break
		}
		if strings.HasPrefix(fn, "runtime.") || strings.HasPrefix(fn, "panic(") {
			continue
		}
		if j := strings.LastIndexByte(fn, '('); j > 0 {
			fn = fn[:j]
		}
		file := strings.TrimSpace(lines[i+1])
		if j := strings.LastIndex(file, " +0x"); j > 0 {
			file = file[:j]
		}
		frames = append(frames, fn+" ("+file+")")
	}
	return frames
}

func interruptedError() *kernel.ExecError {
	return &kernel.ExecError{Name: "Interrupted", Value: "the cell was interrupted",
		Traceback: []string{"Interrupted: the cell was interrupted"}}
}

func usageError(err error) *kernel.ExecError {
	return &kernel.ExecError{Name: "UsageError", Value: err.Error(), Traceback: []string{"UsageError: " + err.Error()}}
}

// panicMessage is the message of a panic's value, as Go prints it: an
// error's Error, a Stringer's String, else the value. A value of a cell's
// type has its methods in the interpreter (text). The method may panic in
// turn: then the value is told by its type and fields.
func panicMessage(v any, text *interp.PanicText) string {
	if rv, ok := v.(reflect.Value); ok && rv.IsValid() && rv.CanInterface() {
		v = rv.Interface() // the interpreter panics with the reflect.Value
	}
	if text != nil {
		msg, r := callText(text.Text)
		if r == nil {
			return msg
		}
		return fmt.Sprintf("%s value %v (its %s method panicked: %v)", text.Type, text.Value, text.Method, r)
	}
	if holds.Itself(v) {
		return fmt.Sprintf("a %T that holds itself (printing it would never end)", v)
	}
	return fmt.Sprint(v) // fmt survives a method that panics: %!v(PANIC=Error method: ...)
}

// errorMessage is err.Error(), or when that panics (a cell's method),
// the error told by its value.
func errorMessage(err error) string {
	msg, r := callText(err.Error)
	if r == nil {
		return msg
	}
	v := reflect.ValueOf(err)
	if v.Kind() == reflect.Struct && v.NumField() > 0 && v.Type().Field(0).Name == "IValue" {
		v = v.Field(0) // the interpreter's wrapper of a cell's value
	}
	return fmt.Sprintf("error value %v (its Error method panicked: %v)", v, r)
}

// callText calls a method that makes a text: the cell's code, which may
// panic.
func callText(f func() string) (s string, panicked any) {
	defer func() { panicked = recover() }()
	return f(), nil
}
