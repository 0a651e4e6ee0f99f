package goengine

import (
	"context"
	"errors"
	"fmt"
	"go/ast"
	"go/token"
	"reflect"
	"runtime/debug"
	"strconv"
	"strings"
	"time"

	"github.com/traefik/yaegi/interp"

	"github.com/culab/culab/display"
	"github.com/culab/culab/internal/holds"
	"github.com/culab/culab/kernel"
)

const (
	// interruptGrace is how long an interrupt waits for the interpreter's
	// goroutine to notice; stragglerGrace how long the next cell waits more.
	interruptGrace = time.Second
	stragglerGrace = 3 * time.Second
)

var errInterrupted = errors.New("interrupted")

// Execute runs one cell. Output goes to out as the cell produces it.
func (e *Engine) Execute(ctx context.Context, req kernel.ExecuteRequest, out kernel.Output) kernel.ExecuteReply {
	e.mu.Lock()
	defer e.mu.Unlock()
	if e.closed {
		return kernel.ExecuteReply{Error: &kernel.ExecError{Name: "EngineClosed", Value: "the Go engine is shut down",
			Traceback: []string{"EngineClosed: the Go engine is shut down"}}}
	}
	// A byte order mark first (a cell pasted from a Windows editor) is
	// ignored, as the Go compiler ignores one at the start of a file.
	req.Code = strings.TrimPrefix(req.Code, "\ufeff")
	var reply kernel.ExecuteReply
	e.asRequest(ctx, out, requestInfo{msgID: req.MsgID}, req.AllowStdin, func(ctx context.Context, c *cell) cellResult {
		x := e.sess.newRun(e, ctx, c, req)
		res, execErr := x.guard(func() (cellResult, *kernel.ExecError) {
			defer x.settle()
			x.awaitStraggler()
			e.settleComms(ctx, c)
			res, xe := x.cell()
			if xe == nil && len(req.UserExpressions) > 0 {
				reply.UserExpressions = x.userExpressions(req.UserExpressions)
			}
			return res, xe
		})
		if ms := memoryStopOf(ctx); ms != nil && x.interrupted {
			execErr = x.memoryStopError(ms)
		}
		if ge := goroutineExitOf(ctx); ge != nil && x.interrupted {
			execErr = goroutineExitError(ge)
		}
		if execErr != nil && execErr.Name == memoryErrorName {
			execErr = x.reclaimFor(execErr)
		}
		reply.Error = execErr
		return res
	})
	reply.Error = capError(reply.Error, e.opts.OutputLimit)
	return reply
}

// capError cuts a cell's error to the output limit as its output is cut
// (panic(strings.Repeat("x", 1<<22)) would send 4 MiB twice): the value,
// and the traceback's lines together.
func capError(x *kernel.ExecError, limit int) *kernel.ExecError {
	if x == nil || limit <= 0 {
		return x
	}
	x.Value = kernel.CutText(x.Value, limit)
	left := limit
	for i, line := range x.Traceback {
		if left <= 0 {
			x.Traceback = append(x.Traceback[:i], fmt.Sprintf("[%d more traceback lines dropped]", len(x.Traceback)-i))
			break
		}
		x.Traceback[i] = kernel.CutText(line, left)
		left -= len(x.Traceback[i])
	}
	return x
}

// sleep is the cells' time.Sleep: an interrupt ends it, so the interpreter
// gets to notice the interrupt.
func (e *Engine) sleep(d time.Duration) {
	p := e.cellCtx.Load()
	if p == nil {
		time.Sleep(d)
		return
	}
	t := time.NewTimer(d)
	defer t.Stop()
	select {
	case <-t.C:
	case <-(*p).Done():
	}
}

// run is one cell being run.
type run struct {
	e     *Engine
	s     *session
	ctx   context.Context
	c     *cell
	label string // the cell as tracebacks name it: In[3]
	file  string // its file name for the interpreter
	lines []string

	// What the cell compiled, in order, and what it declared (whole.go).
	compiled []*compiled
	defined  map[string]bool // names the cell's chunks parsed so far declare
	why      string          // why the chunks that did not run did not
	startsOf string          // the source whose lineStarts are starts
	starts   []int

	interrupted bool // the cell ended with an interrupt (or a stop of the memory guard)
}

type cellResult struct{ data, meta map[string]any }

func (s *session) newRun(e *Engine, ctx context.Context, c *cell, req kernel.ExecuteRequest) *run {
	s.cells++
	n := req.ExecutionCount
	if n <= 0 {
		n = s.cells
	}
	x := &run{e: e, s: s, ctx: ctx, c: c, label: fmt.Sprintf("In[%d]", n)}
	// The base name must be the same for every cell: the interpreter keys
	// imports by it, and they must stay visible to later cells.
	x.file = x.label + "/_.go"
	if _, dup := s.sources[x.file]; dup {
		x.label = fmt.Sprintf("In[%d.%d]", n, s.cells)
		x.file = x.label + "/_.go"
	}
	x.lines = strings.Split(strings.ReplaceAll(req.Code, "\r\n", "\n"), "\n")
	s.sources[x.file] = x.lines
	return x
}

// guard runs f, turning a panic into the cell's error: the methods that
// show a result (String, HTML, ...) are the cell's code, and the capture
// must be given back whatever happens.
// It runs f on a goroutine of its own: a runtime.Goexit in those methods
// ends that goroutine, not the engine's.
func (x *run) guard(f func() (cellResult, *kernel.ExecError)) (res cellResult, xe *kernel.ExecError) {
	end := <-goCell(func() { res, xe = f() })
	switch {
	case end.panicked != nil:
		x.e.logf("panic while running %s: %v\n%s", x.label, end.panicked, end.stack)
		msg := fmt.Sprint(end.panicked)
		return cellResult{}, &kernel.ExecError{Name: "panic", Value: msg, Traceback: []string{"panic: " + msg}}
	case end.goexit:
		return cellResult{}, goexitError(x.label)
	}
	return res, xe
}

// ending is how a goroutine that ran the cell's code ended.
type ending struct {
	panicked any    // the value of a panic that ended it
	stack    []byte // and where
	goexit   bool   // runtime.Goexit ended it
}

// goCell runs f, the cell's code, on a goroutine of its own; the channel
// gets how it ended. A cell may call runtime.Goexit, which runs the
// deferred calls and ends the goroutine without a panic to recover: only a
// return that never came tells it.
func goCell(f func()) <-chan ending {
	done := make(chan ending, 1)
	go func() {
		// A fault at a wild address (a cell's unsafe.Pointer) is a panic
		// of the cell, not a fatal error that ends the engine.
		debug.SetPanicOnFault(true)
		returned := false
		defer func() {
			var end ending
			if r := recover(); r != nil {
				end = ending{panicked: r, stack: debug.Stack()}
			} else if !returned {
				end.goexit = true
			}
			done <- end
		}()
		f()
		returned = true
	}()
	return done
}

// errGoexit is a cell that called runtime.Goexit.
var errGoexit = errors.New("runtime.Goexit ended the cell (deferred calls ran; the notebook and its variables are kept)")

// exitCode returns the status of an os.Exit or log.Fatal that ended a
// chunk with err, and whether one did.
func exitCode(err error) (int, bool) {
	var cp *cellPanic
	if !errors.As(err, &cp) {
		return 0, false
	}
	return interp.ExitCode(cp.p.Value)
}

// exitError reports a cell that called os.Exit with a status other than 0
// (or log.Fatal), as go run reports the program.
func exitError(code int, where string) *kernel.ExecError {
	msg := fmt.Sprintf("exit status %d (os.Exit ended the cell without running its deferred calls; the notebook and its variables are kept)", code)
	return &kernel.ExecError{Name: "Exit", Value: msg, Traceback: []string{"Exit: " + msg, "    in " + where}}
}

func goexitError(label string) *kernel.ExecError {
	return &kernel.ExecError{Name: "Goexit", Value: errGoexit.Error(), Traceback: []string{"Goexit: " + errGoexit.Error(), "    in " + label}}
}

// topLevelDefer finds a defer statement of a chunk run at the package
// level (not inside a function literal or declaration), or nil.
func topLevelDefer(node ast.Node) *ast.DeferStmt {
	if _, ok := node.(*ast.BlockStmt); !ok {
		return nil // declarations: defers are in their functions
	}
	var found *ast.DeferStmt
	ast.Inspect(node, func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.FuncLit:
			return false
		case *ast.DeferStmt:
			if found == nil {
				found = n
			}
		}
		return found == nil
	})
	return found
}

// filterImports drops imports already in scope (the interpreter refuses a
// second import of a name) and refuses, with advice, a name bound to
// another package.
func (x *run) filterImports(f *ast.File) *kernel.ExecError {
	decls := f.Decls[:0]
	for _, d := range f.Decls {
		g, ok := d.(*ast.GenDecl)
		if !ok || g.Tok != token.IMPORT {
			decls = append(decls, d)
			continue
		}
		specs := g.Specs[:0]
		for _, sp := range g.Specs {
			is := sp.(*ast.ImportSpec)
			p, _ := strconv.Unquote(is.Path.Value)
			if p == "C" {
				pos := x.s.in.FileSet().Position(is.Pos())
				return x.positioned("ImportError", pos.Line, `import "C": cgo is not available in cells, which the interpreter runs;`+
					` %%gorun builds a cell as a Go program with the Go toolchain (cgo included, where a C compiler is installed),`+
					` and %%cuda compiles CUDA C`)
			}
			name := x.s.importName(is)
			bound, ok := x.s.imports[name]
			switch {
			case !ok || name == "_" || name == ".":
				specs = append(specs, sp)
			case bound != p:
				pos := x.s.in.FileSet().Position(is.Pos())
				return x.positioned("ImportError", pos.Line, fmt.Sprintf(
					"import %q: the name %s already means %q in this notebook; import it under another name: import my%s %q",
					p, name, bound, name, p))
			}
		}
		if len(specs) > 0 {
			g.Specs = specs
			decls = append(decls, g)
		}
	}
	f.Decls = decls
	return nil
}

// compile compiles a chunk; the interpreter panics on some invalid code.
func (x *run) compile(node ast.Node) (prog *interp.Program, err error) {
	defer func() {
		if r := recover(); r != nil {
			err = fmt.Errorf("%v", r)
		}
	}()
	return x.s.in.CompileAST(node)
}

// exec runs a compiled chunk until it ends or the cell is interrupted.
// When it returns (a straggler too), the values of its expressions are
// let go (yaegi patch 44): the interpreter kept them for the session's life, so that
// data := make(...); data = nil freed nothing.
func (x *run) exec(prog *interp.Program) error {
	if x.ctx.Err() != nil {
		return errInterrupted
	}
	if err := x.s.ready(); err != nil {
		return err
	}
	x.s.result.reset()
	x.s.trace.start()
	var err error
	end, stopped := x.await(goCell(func() {
		defer x.s.in.ClearTemps(prog)
		_, err = x.s.in.Execute(prog)
	}))
	switch {
	case stopped:
		x.s.trace.stop()
		return errInterrupted
	case end.panicked != nil:
		err = fmt.Errorf("interpreter: %v", end.panicked)
	case end.goexit:
		err = errGoexit
	}
	frames := x.s.trace.stop()
	if p, ok := err.(interp.Panic); ok {
		return &cellPanic{p: p, frames: frames}
	}
	return err
}

// await waits for the cell's code that runs on done's goroutine, or for
// the cell's interrupt, which stops the interpreter; it says which came
// first. A goroutine that the stop leaves inside a native call is the
// next cell's straggler.
func (x *run) await(done <-chan ending) (end ending, stopped bool) {
	select {
	case end = <-done:
		return end, false
	case <-x.ctx.Done():
	}
	x.s.halt()
	select {
	case <-done:
	case <-time.After(interruptGrace):
		x.s.straggler = done
	}
	return ending{}, true
}

// cellPanic is a panic of the cell's code with the positions it passed.
type cellPanic struct {
	p      interp.Panic
	frames []traceFrame
}

func (c *cellPanic) Error() string { return c.p.Error() }

// awaitStraggler waits for a chunk whose interrupt found it inside a native
// call: it stops when the call returns, and the interpreter must not run
// another cell before (it would take the new cell's start as leave to go
// on with the old one). After stragglerGrace the cell runs anyway, warned.
func (x *run) awaitStraggler() {
	if x.s.straggler == nil {
		return
	}
	select {
	case <-x.s.straggler:
	case <-time.After(stragglerGrace):
		x.eprintf("warning: an interrupted cell is still inside a Go call that cannot be interrupted;" +
			" when the call returns, the rest of that cell may run. Restart the kernel if that is a problem.\n")
	}
	x.s.straggler = nil
}

// result turns the values of the final expression into the cell's result.
// A trailing error is the call's verdict: nil is not shown, non-nil fails
// the cell.
func (x *run) result(vals []resultValue, line int) (cellResult, *kernel.ExecError) {
	if n := len(vals); n > 0 {
		if err, ok := vals[n-1].value.(error); ok {
			return cellResult{}, x.positioned(errorName(err), line, errorMessage(err))
		}
		if vals[n-1].value == nil {
			vals = vals[:n-1]
		}
	}
	for _, v := range vals {
		if holds.Itself(v.value) {
			return cellResult{}, x.positioned("StackOverflow", line, fmt.Sprintf("the cell's value (%T) holds itself: printing it would never end", v.value))
		}
	}
	switch len(vals) {
	case 0:
		return cellResult{}, nil
	case 1:
		data, meta, ok := display.BundleText(vals[0].value, vals[0].text)
		if !ok {
			return cellResult{}, nil
		}
		return cellResult{data, meta}, nil
	}
	parts := make([]string, len(vals))
	for i, v := range vals {
		parts[i] = v.text()
	}
	return cellResult{data: map[string]any{display.MIMEText: "(" + strings.Join(parts, ", ") + ")"}}, nil
}

// errorName names an error by its type when the type is exported.
func errorName(err error) string {
	t := reflect.TypeOf(err)
	base := t
	for base.Kind() == reflect.Pointer {
		base = base.Elem()
	}
	if base.Name() == "" || !token.IsExported(base.Name()) {
		return "error"
	}
	return t.String()
}

// lineOf is the line of src where the chunk's first token is.
func (x *run) lineOf(src string, ch chunk) int {
	off := ch.start
	for _, t := range scan(src[ch.start:ch.end]) {
		if t.tok != token.SEMICOLON {
			off += t.off
			break
		}
	}
	line, _ := lineCol(x.lineStarts(src), off)
	return line
}

// lineStarts is lineStarts(src), kept for the source of the cell's
// chunks: computed for each chunk, it made a cell quadratic in its lines.
func (x *run) lineStarts(src string) []int {
	if x.starts == nil || x.startsOf != src {
		x.startsOf, x.starts = src, lineStarts(src)
	}
	return x.starts
}

// userExpressions evaluates user_expressions after a successful cell.
func (x *run) userExpressions(exprs map[string]string) map[string]any {
	out := make(map[string]any, len(exprs))
	for name, expr := range exprs {
		src := "\n" + expr // line 2: never the line-1 prefix
		res, xe := x.chunk(src, chunk{kind: resultChunk, start: 1, end: len(src)})
		switch {
		case xe != nil:
			out[name] = map[string]any{"status": "error", "ename": xe.Name, "evalue": xe.Value, "traceback": xe.Traceback}
		case res.data == nil:
			out[name] = map[string]any{"status": "ok", "data": map[string]any{}, "metadata": map[string]any{}}
		default:
			meta := res.meta
			if meta == nil {
				meta = map[string]any{}
			}
			out[name] = map[string]any{"status": "ok", "data": res.data, "metadata": meta}
		}
	}
	return out
}
