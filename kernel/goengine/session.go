package goengine

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"go/ast"
	"go/format"
	"go/token"
	"image"
	"io"
	"os"
	"path"
	"reflect"
	"regexp"
	"runtime"
	"runtime/debug"
	"slices"
	"sort"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	"github.com/traefik/yaegi/interp"
	"github.com/traefik/yaegi/stdlib"
	stdsyscall "github.com/traefik/yaegi/stdlib/syscall"
	"github.com/traefik/yaegi/stdlib/unrestricted"
	stdunsafe "github.com/traefik/yaegi/stdlib/unsafe"

	"github.com/culab/culab/cudalib"
	cellsync "github.com/culab/culab/internal/cellsync"
	"github.com/culab/culab/internal/memlimit"
	"github.com/culab/culab/kernel/goengine/symbols"
)

// autoImports are in scope in every cell without an import line, when
// their tables are loaded. Packages whose names clash with others (rand)
// are left to explicit imports.
var autoImports = []string{
	"bytes", "errors", "fmt", "image", "image/color", "math", "os", "sort",
	"strconv", "strings", "sync", "time",
	"github.com/culab/culab/cudalib",
	"github.com/culab/culab/cudalib/labs",
	"github.com/culab/culab/plots",
	"github.com/culab/culab/display",
	"github.com/culab/culab/kernel/nb",
	"github.com/culab/culab/widgets",
	"gonum.org/v1/plot",
	"gonum.org/v1/plot/plotter",
	"gonum.org/v1/plot/vg",
}

// rtPath is the engine's own package in the interpreter, imported as
// __culab: the hooks generated code calls.
const rtPath = "culab/internal/rt"

// session is the interpreter and what the engine knows about its state.
type session struct {
	in *interp.Interpreter

	pkgs    map[string]map[string]reflect.Value // import path → binary symbols
	pkgName map[string]string                   // import path → package name

	// Guarded by the engine's mu (written while a cell runs, read by
	// Complete and Inspect, which the kernel never calls during a cell).
	imports map[string]string     // name in scope → import path
	decls   map[string]userDecl   // cells' top-level declarations
	methods map[string][]userDecl // type name → its methods
	varType map[string]string     // variable → the cell type it holds, when seen
	sources map[string][]string   // cell file name → its lines
	unset   map[string]unsetVar   // variables whose defining chunk did not run (whole.go)
	cells   int                   // cells run, naming those without a count
	temps   int                   // temporaries made by newTemps

	dotImport bool // a package was imported with ".": its names are unlisted

	pendingTemps []string // temporaries for dropTemps to zero

	// globalsCalls counts globals(), which lists every global: a test
	// checks that a cell's compile does not call it for each chunk.
	globalsCalls atomic.Int64

	// stopped is set when an interrupt stopped the interpreter;
	// straggler, when the stopped chunk had not returned yet: it reports
	// there when it does (see awaitStraggler).
	stopped   bool
	straggler <-chan ending
	// halts counts the stops of the interpreter: a native read that would
	// not end by itself (os.ReadFile("/dev/zero")) checks it between reads
	// (readers.go), and the engine's memory guard.
	halts atomic.Uint64
	guard *memGuard

	kernels kernelRegistry
	result  resultSlot
	trace   panicTrace

	// stdio are the cells' os.Stdout and os.Stderr: duplicates of the
	// capture pipes, so that a cell closing them (os.Stdout.Close())
	// closes its own descriptor, not the engine's; renewStdio gives the
	// next cell fresh ones.
	stdio [2]*os.File
}

// userDecl is a declaration of a cell, for completion and inspection.
type userDecl struct {
	kind string // func, method, type, var, const
	sig  string
	doc  string
	pos  token.Position // where it was declared
}

func (e *Engine) newSession() (*session, error) {
	s := &session{
		pkgs:    map[string]map[string]reflect.Value{},
		pkgName: map[string]string{},
		imports: map[string]string{},
		decls:   map[string]userDecl{},
		methods: map[string][]userDecl{},
		varType: map[string]string{},
		sources: map[string][]string{},
		unset:   map[string]unsetVar{},
		kernels: kernelRegistry{byName: map[string]*cudalib.Kernel{}},
		stopped: true, // no channel for stopInterpreter to close yet
		guard:   &e.guard,
	}
	s.in = interp.New(interp.Options{
		Stdout:       e.cap.streams[stdout].w,
		Stderr:       &stderrFilter{trace: &s.trace, w: e.cap.streams[stderr].w},
		Stdin:        &stdinReader{e: e},
		Args:         []string{"culab"},
		Unrestricted: true, // cells see and set the process environment (%env, CUDA_*)

		MaxStackFrames: e.opts.MaxStackFrames,
		GoroutinePanic: e.goroutinePanic,
		MaxAlloc:       memlimit.Physical(),
		AllocGuard:     e.guard.allow,
		MethodGuard: func(recv reflect.Type, name string) func([]reflect.Value) {
			if check := s.readFromGuard(recv, name); check != nil {
				return check
			}
			if check := e.threadMethod(recv, name); check != nil {
				return check
			}
			return e.guard.method(recv, name)
		},
	})
	tables := []interp.Exports{
		stdlib.Symbols, stdsyscall.Symbols, stdunsafe.Symbols,
		{"os/exec/exec": unrestricted.Symbols["os/exec/exec"]},
		symbols.Symbols,
	}
	for _, t := range tables {
		if err := s.in.Use(t); err != nil {
			return nil, fmt.Errorf("load symbols: %w", err)
		}
		for key, syms := range t {
			if dir := path.Dir(key); dir != "." && !strings.HasPrefix(dir, "github.com/traefik/yaegi") {
				s.pkgs[dir], s.pkgName[dir] = syms, path.Base(key)
			}
		}
	}
	for _, t := range []interp.Exports{e.overrides(s), e.nativeGuards(s)} {
		if err := s.in.Use(t); err != nil {
			return nil, fmt.Errorf("load engine symbols: %w", err)
		}
	}
	var imp strings.Builder
	imp.WriteString("import (\n\t__culab " + strconv.Quote(rtPath) + "\n")
	for _, p := range autoImports {
		if s.pkgs[p] != nil {
			imp.WriteString("\t" + strconv.Quote(p) + "\n")
			s.imports[s.pkgName[p]] = p
		}
	}
	imp.WriteString(")")
	if err := s.evalInit(declPrefix + imp.String()); err != nil {
		return nil, fmt.Errorf("auto imports: %w", err)
	}
	return s, nil
}

// overrides replace symbols for notebook use: os.Stdout and os.Stderr
// write to the capture pipes (the interpreter only wires fmt and log to
// them), time.Sleep ends early on interrupt, and __culab holds the hooks.
func (e *Engine) overrides(s *session) interp.Exports {
	if err := s.renewStdio(e.cap); err != nil {
		e.logf("%v", err)
	}
	result := reflect.ValueOf(s.result.set)
	// Values of cell types reach display.Show wrapped as fmt.Stringer when
	// they have a String method, so their text form uses it (compiled
	// code sees no other method of a cell type). Result is a printing
	// function, as fmt.Println is (yaegi patches 20 and 113): it gets, for
	// a value that may hold cell values, what prints it as Go prints it
	// (a String method inside a slice, a map, a struct too), and the
	// value itself, wrapped as an error where its type has an Error method.
	stringer := []reflect.Type{reflect.TypeOf((*fmt.Stringer)(nil)).Elem()}
	printing := []reflect.Type{reflect.TypeOf((*fmt.Formatter)(nil)).Elem(), reflect.TypeOf((*error)(nil)).Elem(), stringer[0]}
	wrap := map[reflect.Value][]reflect.Type{result: printing}
	if show, ok := symbols.Symbols["github.com/culab/culab/display/display"]["Show"]; ok {
		wrap[show] = stringer
	}
	return interp.Exports{
		"os/os": {
			"Stdout": reflect.ValueOf(&s.stdio[stdout]).Elem(),
			"Stderr": reflect.ValueOf(&s.stdio[stderr]).Elem(),
		},
		// time.AfterFunc and context.AfterFunc call the cell's function on
		// a goroutine of their own: a panic there is reported, not the
		// engine's end (goroutines.go).
		"time/time": {
			"Sleep": reflect.ValueOf(e.sleep),
			"AfterFunc": reflect.ValueOf(func(d time.Duration, f func()) *time.Timer {
				return time.AfterFunc(d, e.callback("a time.AfterFunc callback", f))
			}),
		},
		"context/context": {"AfterFunc": reflect.ValueOf(func(ctx context.Context, f func()) func() bool {
			return context.AfterFunc(ctx, e.callback("a context.AfterFunc callback", f))
		})},
		"os/exec/exec": {"Command": reflect.ValueOf(e.cellCommand)},
		// SIGINT stays ignored once no cell takes it (signals.go).
		"os/signal/signal": e.signals.exports(),
		// Unlocking a mutex that is not locked panics, where Go's runtime
		// ended the engine ("fatal error: sync: unlock of unlocked mutex").
		"sync/sync": {
			"Mutex":   reflect.ValueOf((*cellsync.Mutex)(nil)),
			"RWMutex": reflect.ValueOf((*cellsync.RWMutex)(nil)),
		},
		// Allocations of a size the cell chooses, made at once by native
		// code: refused past the cap for a running cell (memguard.go).
		"strings/strings": {"Repeat": reflect.ValueOf(func(s string, count int) string {
			e.guard.repeat("strings.Repeat", len(s), count)
			return strings.Repeat(s, count)
		})},
		"bytes/bytes": {"Repeat": reflect.ValueOf(func(b []byte, count int) []byte {
			e.guard.repeat("bytes.Repeat", len(b), count)
			return bytes.Repeat(b, count)
		})},
		"image/image": {
			"NewAlpha":   guardImage(&e.guard, "image.NewAlpha", 1, image.NewAlpha),
			"NewAlpha16": guardImage(&e.guard, "image.NewAlpha16", 2, image.NewAlpha16),
			"NewCMYK":    guardImage(&e.guard, "image.NewCMYK", 4, image.NewCMYK),
			"NewGray":    guardImage(&e.guard, "image.NewGray", 1, image.NewGray),
			"NewGray16":  guardImage(&e.guard, "image.NewGray16", 2, image.NewGray16),
			"NewNRGBA":   guardImage(&e.guard, "image.NewNRGBA", 4, image.NewNRGBA),
			"NewNRGBA64": guardImage(&e.guard, "image.NewNRGBA64", 8, image.NewNRGBA64),
			"NewRGBA":    guardImage(&e.guard, "image.NewRGBA", 4, image.NewRGBA),
			"NewRGBA64":  guardImage(&e.guard, "image.NewRGBA64", 8, image.NewRGBA64),
		},
		// Process-wide limits that a cell could only use to end the
		// engine: past them Go's runtime stops with a fatal error, which
		// no recover catches (the engine bounds recursion itself).
		"runtime/runtime": {"GOMAXPROCS": reflect.ValueOf(goMaxProcs)},
		"runtime/debug/debug": {
			// A fault is a panic on every goroutine that runs a cell's
			// code; a goroutine of compiled code's that calls it is told
			// by the setting being off (yaegi patch 160), so a cell may
			// not turn it off: it stays on, and the old setting is
			// returned, as Go's does.
			"SetPanicOnFault": reflect.ValueOf(func(bool) bool { return debug.SetPanicOnFault(true) }),
			"SetMaxStack":     reflect.ValueOf(func(int) int { panic(processWide("debug.SetMaxStack")) }),
			"SetMaxThreads":   reflect.ValueOf(func(int) int { panic(processWide("debug.SetMaxThreads")) }),
			// The collector's soft limit is the engine's (engineproc sets
			// it below the machine's memory): debug.SetMemoryLimit(1) made
			// every later cell collect at each allocation, a 1 GiB loop
			// taking 15 s; a negative limit only reads it.
			"SetMemoryLimit": reflect.ValueOf(func(limit int64) int64 {
				if limit >= 0 {
					panic(fmt.Errorf("debug.SetMemoryLimit(%d) is not available in a cell: the limit is the whole kernel process's, which the engine sets; "+
						"debug.SetMemoryLimit(-1) reads it (%s sets the cap for a running cell)", limit, CellMemoryEnv))
				}
				return debug.SetMemoryLimit(limit)
			}),
		},
		rtPath + "/rt": {
			"Result": result,
			"Kernel": reflect.ValueOf(func(name string) *cudalib.Kernel {
				k, _ := s.kernels.get(name)
				return k
			}),
		},
		".": {"MapTypes": reflect.ValueOf(wrap)},
	}
}

// renewStdio duplicates the capture pipes for the cells' os.Stdout and
// os.Stderr where they are missing or were closed (or set to nil) by a
// cell; one a cell set to another file stays. Called between cells.
func (s *session) renewStdio(c *capture) error {
	for i, f := range s.stdio {
		if f != nil && f.Fd() != ^uintptr(0) {
			continue
		}
		fd, err := dupCloexec(int(c.streams[i].w.Fd()))
		if err != nil {
			return fmt.Errorf("cells' os.%s: %w", [2]string{"Stdout", "Stderr"}[i], err)
		}
		s.stdio[i] = os.NewFile(uintptr(fd), "cell "+streamNames[i])
	}
	return nil
}

// closeStdio closes the cells' os.Stdout and os.Stderr.
func (s *session) closeStdio() {
	for _, f := range s.stdio {
		if f != nil {
			f.Close()
		}
	}
}

// evalInit runs engine-made declarations.
func (s *session) evalInit(src string) (err error) {
	defer func() {
		if r := recover(); r != nil {
			err = fmt.Errorf("interpreter panic: %v", r)
		}
	}()
	_, err = s.in.Eval(src)
	return err
}

// resultSlot receives the values of a cell's final expression.
type resultSlot struct {
	mu   sync.Mutex
	vals []resultValue
	ok   bool // set was called
}

// resultValue is a value of a cell's final expression: the value, and
// what prints it as Go would when that is not the value itself.
type resultValue struct {
	value   any
	printed any // nil: print value
}

// set is the cells' __culab.Result, a printing function (see overrides):
// the values themselves are read now, while the call is under way.
func (r *resultSlot) set(v ...any) {
	vals := make([]resultValue, len(v))
	for i, a := range v {
		if value, ok := interp.PrintedValue(a); ok {
			vals[i] = resultValue{value: value, printed: a}
		} else {
			vals[i] = resultValue{value: a}
		}
	}
	r.mu.Lock()
	r.vals, r.ok = vals, true
	r.mu.Unlock()
}

func (r *resultSlot) reset() {
	r.mu.Lock()
	r.vals, r.ok = nil, false
	r.mu.Unlock()
}

func (r *resultSlot) get() ([]resultValue, bool) {
	r.mu.Lock()
	defer r.mu.Unlock()
	return r.vals, r.ok
}

// text is v's text form, as fmt prints it.
func (v resultValue) text() string {
	if v.printed != nil {
		return interp.Sprint(v.printed)
	}
	return fmt.Sprint(v.value)
}

// panicTrace collects the positions the interpreter prints to stderr while
// a panic unwinds its frames, innermost first.
type panicTrace struct {
	mu     sync.Mutex
	active bool
	frames []traceFrame
}

type traceFrame struct {
	file      string
	line, col int
	fn        string
}

func (t *panicTrace) start() {
	t.mu.Lock()
	t.active, t.frames = true, nil
	t.mu.Unlock()
}

// stop ends collection and returns the frames.
func (t *panicTrace) stop() []traceFrame {
	t.mu.Lock()
	defer t.mu.Unlock()
	t.active = false
	return t.frames
}

// panicLine is what yaegi prints for each frame a panic leaves.
var panicLine = regexp.MustCompile(`^(?:(\S+?):)?(\d+):(\d+): panic: (\S*)\(\.\.\.\)\n?$`)

// stderrFilter is the interpreter's stderr: it takes the panic lines for
// the traceback while a chunk runs and passes everything else on.
type stderrFilter struct {
	trace *panicTrace
	w     io.Writer
}

func (f *stderrFilter) Write(p []byte) (int, error) {
	m := panicLine.FindSubmatch(p)
	if m == nil {
		return f.w.Write(p)
	}
	// Between chunks the lines come from a goroutine's panic, which
	// goroutinePanic reports.
	f.trace.mu.Lock()
	if f.trace.active {
		line, _ := strconv.Atoi(string(m[2]))
		col, _ := strconv.Atoi(string(m[3]))
		f.trace.frames = append(f.trace.frames, traceFrame{file: string(m[1]), line: line, col: col, fn: string(m[4])})
	}
	f.trace.mu.Unlock()
	return len(p), nil
}

// kernelRegistry holds the kernels of %%cuda cells.
type kernelRegistry struct {
	mu      sync.Mutex
	byName  map[string]*cudalib.Kernel
	modules []*cudalib.Module // newest last: templates instantiate from them
}

// add registers kernel k (nil: only the module) of module m under name.
func (r *kernelRegistry) add(name string, k *cudalib.Kernel, m *cudalib.Module) {
	r.mu.Lock()
	defer r.mu.Unlock()
	if k != nil {
		r.byName[name] = k
	}
	if len(r.modules) == 0 || r.modules[len(r.modules)-1] != m {
		r.modules = append(r.modules, m)
	}
}

func (r *kernelRegistry) get(name string) (*cudalib.Kernel, error) {
	name = strings.TrimSpace(name)
	r.mu.Lock()
	defer r.mu.Unlock()
	if k, ok := r.byName[name]; ok {
		return k, nil
	}
	// A template's instance is compiled on first use; the template's bare
	// name gets the module's word on how to name one.
	base, _, _ := strings.Cut(name, "<")
	for i := len(r.modules) - 1; i >= 0; i-- {
		m := r.modules[i]
		for _, decl := range m.Kernels() {
			if decl == strings.TrimSpace(base)+"<...>" {
				k, err := m.Kernel(name)
				if err != nil {
					return nil, err
				}
				r.byName[name] = k
				return k, nil
			}
		}
	}
	seen := map[string]bool{}
	for n := range r.byName {
		seen[n] = true
	}
	for _, m := range r.modules {
		for _, n := range m.Kernels() {
			seen[n] = true // templates too, as name<...>
		}
	}
	known := make([]string, 0, len(seen))
	for n := range seen {
		known = append(known, n)
	}
	sort.Strings(known)
	if len(known) == 0 {
		return nil, fmt.Errorf("no kernel %q: no %%%%cuda cell has compiled a kernel yet", name)
	}
	return nil, fmt.Errorf("no kernel %q among those of %%%%cuda cells (%s)", name, strings.Join(known, ", "))
}

// symbol returns the __constant__ or __device__ variable name of the
// newest %%cuda cell's module that has one: the last cell wins, as for
// kernels. A module that cannot answer (compiled before dev.Reset) says
// why, rather than an older cell's variable standing in for its own.
func (r *kernelRegistry) symbol(name string) (*cudalib.Symbol, error) {
	r.mu.Lock()
	mods := append([]*cudalib.Module(nil), r.modules...)
	r.mu.Unlock()
	if len(mods) == 0 {
		return nil, fmt.Errorf("no variable %q: no %%%%cuda cell has compiled yet", name)
	}
	var known []string
	seen := map[string]bool{}
	for i := len(mods) - 1; i >= 0; i-- {
		sym, err := mods[i].Symbol(name)
		if err == nil {
			return sym, nil
		}
		if !errors.Is(err, cudalib.ErrNoSymbol) {
			if !slices.Contains(mods[i].Variables(), strings.TrimPrefix(strings.TrimSpace(name), "&")) {
				// A module of a closed or reset device that never had
				// the variable: its error hid the cells' own answer.
				continue
			}
			return nil, err
		}
		for _, v := range mods[i].Variables() {
			if !seen[v] {
				seen[v] = true
				known = append(known, v)
			}
		}
	}
	vars := "they declare none"
	if len(known) > 0 {
		sort.Strings(known)
		vars = "they declare " + strings.Join(known, ", ")
	}
	return nil, fmt.Errorf("no __device__ or __constant__ variable %q in the %%%%cuda cells (%s; only variables at namespace scope are found)", strings.TrimSpace(name), vars)
}

// record notes what a chunk declared, for completion and inspection.
func (s *session) record(fset *token.FileSet, node ast.Node) {
	var stmts []ast.Stmt
	switch n := node.(type) {
	case *ast.File:
		for _, d := range n.Decls {
			switch d := d.(type) {
			case *ast.FuncDecl:
				if d.Doc == nil {
					d.Doc = leadComment(fset, n, d)
				}
				s.recordFunc(fset, d)
			case *ast.GenDecl:
				if d.Doc == nil {
					d.Doc = leadComment(fset, n, d)
				}
				s.recordGen(fset, d)
			}
		}
		return
	case *ast.BlockStmt:
		stmts = n.List
	}
	for _, st := range stmts {
		switch st := st.(type) {
		case *ast.DeclStmt:
			if g, ok := st.Decl.(*ast.GenDecl); ok {
				s.recordGen(fset, g)
			}
		case *ast.AssignStmt:
			if st.Tok != token.DEFINE {
				continue
			}
			for i, lhs := range st.Lhs {
				id, ok := lhs.(*ast.Ident)
				if !ok || id.Name == "_" {
					continue
				}
				s.decls[id.Name] = userDecl{kind: "var", sig: id.Name + " := " + nodeString(fset, st.Rhs[min(i, len(st.Rhs)-1)])}
				delete(s.varType, id.Name)
				if len(st.Lhs) == len(st.Rhs) {
					s.noteType(id.Name, st.Rhs[i], nil)
				}
			}
		}
	}
}

func (s *session) recordFunc(fset *token.FileSet, d *ast.FuncDecl) {
	sig := *d
	sig.Body, sig.Doc = nil, nil
	u := userDecl{kind: "func", sig: nodeString(fset, &sig), doc: d.Doc.Text(), pos: fset.Position(d.Pos())}
	if d.Recv == nil {
		s.decls[d.Name.Name] = u
		return
	}
	if len(d.Recv.List) == 0 {
		return
	}
	t := typeName(d.Recv.List[0].Type)
	u.kind = "method"
	ms := s.methods[t]
	for i, m := range ms {
		if methodName(m.sig) == d.Name.Name {
			ms = append(ms[:i], ms[i+1:]...)
			break
		}
	}
	s.methods[t] = append(ms, u)
}

func (s *session) recordGen(fset *token.FileSet, g *ast.GenDecl) {
	for _, spec := range g.Specs {
		switch sp := spec.(type) {
		case *ast.ImportSpec:
			p, _ := strconv.Unquote(sp.Path.Value)
			switch name := s.importName(sp); name {
			case "_":
			case ".":
				s.dotImport = true
			default:
				s.imports[name] = p
			}
		case *ast.TypeSpec:
			one := *sp
			one.Doc, one.Comment = nil, nil
			doc := sp.Doc.Text()
			if doc == "" {
				doc = g.Doc.Text()
			}
			s.decls[sp.Name.Name] = userDecl{kind: "type", sig: "type " + nodeString(fset, &one), doc: doc}
		case *ast.ValueSpec:
			doc := sp.Doc.Text()
			if doc == "" {
				doc = g.Doc.Text()
			}
			one := *sp
			one.Doc, one.Comment = nil, nil
			sig := g.Tok.String() + " " + nodeString(fset, &one)
			for i, id := range sp.Names {
				if id.Name == "_" {
					continue
				}
				s.decls[id.Name] = userDecl{kind: g.Tok.String(), sig: sig, doc: doc}
				delete(s.varType, id.Name)
				var value ast.Expr
				if i < len(sp.Values) {
					value = sp.Values[i]
				}
				s.noteType(id.Name, value, sp.Type)
			}
		}
	}
}

// noteType remembers which cell type a variable holds when the source says
// it plainly (T{...}, &T{...}, new(T), var v T, f() of a cell func
// returning T): reflection sees only the structure of cell types, and
// completion needs the name to find their methods.
func (s *session) noteType(name string, value, typ ast.Expr) {
	if typ != nil {
		if t := typeName(typ); s.decls[t].kind == "type" {
			s.varType[name] = t
		}
		return
	}
	var t string
	switch v := value.(type) {
	case *ast.CompositeLit:
		t = typeName(v.Type)
	case *ast.UnaryExpr:
		if c, ok := v.X.(*ast.CompositeLit); ok && v.Op == token.AND {
			t = typeName(c.Type)
		}
	case *ast.CallExpr:
		if id, ok := v.Fun.(*ast.Ident); ok && id.Name == "new" && len(v.Args) == 1 {
			t = typeName(v.Args[0])
		} else if ok {
			t = resultType(s.decls[id.Name])
		}
	}
	if t != "" && s.decls[t].kind == "type" {
		s.varType[name] = t
	}
}

// leadComment finds the comment on the lines just above d. The parser
// misses it on a cell's first line, which a chunk's source shares with
// its package clause.
func leadComment(fset *token.FileSet, f *ast.File, d ast.Decl) *ast.CommentGroup {
	line := fset.Position(d.Pos()).Line
	for _, cg := range f.Comments {
		if fset.Position(cg.End()).Line == line-1 {
			return cg
		}
	}
	return nil
}

// importName is the name an import spec binds.
func (s *session) importName(sp *ast.ImportSpec) string {
	if sp.Name != nil {
		return sp.Name.Name
	}
	p, _ := strconv.Unquote(sp.Path.Value)
	if n, ok := s.pkgName[p]; ok {
		return n
	}
	return path.Base(p)
}

// typeName is the name of a (pointer to a) named type expression, or "".
func typeName(e ast.Expr) string {
	switch t := e.(type) {
	case *ast.Ident:
		return t.Name
	case *ast.StarExpr:
		return typeName(t.X)
	case *ast.IndexExpr:
		return typeName(t.X)
	}
	return ""
}

// resultType is the single named result type in a func declaration's
// signature, or "".
func resultType(d userDecl) string {
	if d.kind != "func" {
		return ""
	}
	i := strings.LastIndexByte(d.sig, ')')
	if i < 0 {
		return ""
	}
	t := strings.TrimLeft(strings.TrimSpace(d.sig[i+1:]), "*")
	if !token.IsIdentifier(t) {
		return ""
	}
	return t
}

// methodName is the method's name in its signature "func (r T) Name(...".
func methodName(sig string) string {
	if !strings.HasPrefix(sig, "func (") {
		return ""
	}
	depth := 0
	for i, c := range sig {
		switch c {
		case '(':
			depth++
		case ')':
			depth--
			if depth == 0 {
				rest := strings.TrimSpace(sig[i+1:])
				name, _, _ := strings.Cut(rest, "(")
				return strings.TrimSpace(name)
			}
		}
	}
	return ""
}

func nodeString(fset *token.FileSet, n any) string {
	var b bytes.Buffer
	if err := format.Node(&b, fset, n); err != nil {
		return fmt.Sprintf("<%v>", err)
	}
	return b.String()
}

// stdinReader serves fmt.Scan and friends with lines from the front end.
type stdinReader struct {
	e   *Engine
	mu  sync.Mutex
	buf []byte
}

func (r *stdinReader) Read(p []byte) (int, error) {
	r.mu.Lock()
	defer r.mu.Unlock()
	if len(r.buf) == 0 {
		line, err := r.e.input("", false)
		if err != nil {
			return 0, io.EOF
		}
		r.buf = []byte(line + "\n")
	}
	n := copy(p, r.buf)
	r.buf = r.buf[n:]
	return n, nil
}

// goMaxProcs is the cells' runtime.GOMAXPROCS: the runtime allocates the
// state of every P it is asked for, and GOMAXPROCS(1 << 20) ended the
// engine with a fatal "out of memory". Past maxProcs it panics instead.
func goMaxProcs(n int) int {
	if limit := maxProcs(); n > limit {
		panic(fmt.Errorf("runtime.GOMAXPROCS(%d): at most %d in a cell (%d per CPU of this machine, at least 256): each costs the whole kernel process memory",
			n, limit, procsPerCPU))
	}
	return runtime.GOMAXPROCS(n)
}

const procsPerCPU = 8

func maxProcs() int { return max(256, procsPerCPU*runtime.NumCPU()) }

// processWide is the error of a cell that calls a function setting a limit
// of the whole engine process.
func processWide(name string) error {
	return fmt.Errorf("%s is not available in a cell: it sets a limit of the whole kernel process, which ends when a goroutine passes it", name)
}
