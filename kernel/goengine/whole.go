package goengine

import (
	"context"
	"fmt"
	"go/ast"
	"go/parser"
	"go/token"
	"sort"
	"strings"

	"github.com/traefik/yaegi/interp"

	"github.com/culab/culab/kernel"
)

// A cell runs whole or not at all. The interpreter compiles and runs one
// chunk at a time (split.go); the engine parses every chunk of a cell,
// then compiles every one, and runs them only once all have compiled, so
// that an error anywhere runs nothing.
//
// Compiling a chunk declares what it declares in the interpreter before
// it runs: a function or a type is usable at once (yaegi patch 19), but a
// variable is zero until its chunk runs. A variable whose chunk did not run
// (a later chunk did not compile, or an earlier one panicked or was
// interrupted) is unset: a later cell that reads it is refused, with the
// reason, until a cell that defines it again runs.

// parsed is one chunk of Go source, parsed.
type parsed struct {
	src  string // the source the chunk is cut from, laid out as the cell
	ch   chunk
	col1 int       // how far the chunk's first line is shifted
	file *ast.File // as parsed: its Unresolved are the names it uses from outside
	node ast.Node  // what is compiled: the file, or the body of its wrapper main
	decl []declared
}

// declared is a name that a chunk declares at the top level.
type declared struct {
	name, kind string // kind: variable, constant, function, type
	pos        token.Pos
}

// compiled is a chunk ready to run.
type compiled struct {
	parsed
	pre, prog *interp.Program // pre, when set, runs first (globals.go)
	slots     []string        // the names that have no value until it runs
	ran       bool
}

// unsetVar is why a variable (or a function) has no value.
type unsetVar struct {
	label string // the cell that defines it
	line  int    // and where
	why   string
	kind  string // variable or function
}

// chunk parses, compiles and runs one chunk of src.
func (x *run) chunk(src string, ch chunk) (cellResult, *kernel.ExecError) {
	ps, xe := x.parseGo(src, []chunk{ch})
	if xe != nil {
		return cellResult{}, xe
	}
	cs, xe := x.compileGo(ps)
	if xe != nil {
		return cellResult{}, xe
	}
	return x.runGo(cs)
}

// parseGo parses the chunks of src, and refuses those that would use an
// unset variable or hide a package.
func (x *run) parseGo(src string, chunks []chunk) ([]parsed, *kernel.ExecError) {
	ps := make([]parsed, 0, len(chunks))
	for _, ch := range chunks {
		if xe := x.interruptedBefore(); xe != nil {
			return nil, xe
		}
		p, xe := x.parseChunk(src, ch)
		if xe != nil {
			return nil, xe
		}
		if xe := x.checkNames(p); xe != nil {
			return nil, xe
		}
		ps = append(ps, p)
	}
	if xe := x.goRefuses(ps); xe != nil {
		return nil, xe
	}
	return ps, nil
}

// goRefuses refuses what Go's compiler refuses and the interpreter
// crashed or hung on (refusals.go): a constant shift past Go's bound, a
// type that holds itself by value, among the cell's top-level types or a
// block's, a generic that instantiates itself without end.
func (x *run) goRefuses(ps []parsed) *kernel.ExecError {
	var top []*ast.TypeSpec
	col1 := map[*ast.TypeSpec]int{}
	for _, p := range ps {
		r := constShift(p.file)
		if r == nil {
			r = localRecursiveType(p.file)
		}
		if r == nil {
			r = instantiationCycle(p.file)
		}
		if r != nil {
			return x.atPos("CompileError", r.pos, p.col1, r.msg)
		}
		for _, d := range p.file.Decls {
			for _, s := range typeSpecs(d) {
				top, col1[s] = append(top, s), p.col1
			}
		}
	}
	if r := recursiveType(top); r != nil {
		for s, c := range col1 {
			if s.Name.Pos() == r.pos {
				return x.atPos("CompileError", r.pos, c, r.msg)
			}
		}
	}
	return nil
}

func (x *run) parseChunk(src string, ch chunk) (parsed, *kernel.ExecError) {
	text, col1, code := chunkSource(src, x.lineStarts(src), ch)
	p := parsed{src: src, ch: ch, col1: col1}
	f, err := parser.ParseFile(x.s.in.FileSet(), x.file, text, parser.DeclarationErrors|parser.ParseComments)
	if err != nil {
		return p, x.compileError("SyntaxError", err, col1)
	}
	if code > 0 {
		dropLineDirectives(f, f.FileStart+token.Pos(code))
	}
	p.file, p.node = f, f
	if ch.kind == stmtChunk || ch.kind == resultChunk || ch.kind == compoundChunk {
		// The body of the wrapper main: the interpreter runs it at the
		// package level, so what it defines stays.
		p.node = f.Decls[0].(*ast.FuncDecl).Body
	} else if xe := x.filterImports(f); xe != nil {
		return p, xe
	}
	if d := topLevelDefer(p.node); d != nil && ch.kind != compoundChunk { // that one runs in a func literal
		pos := x.s.in.FileSet().Position(d.Pos())
		return p, x.at("CompileError", pos.Filename, pos.Line, pos.Column, col1,
			"defer outside a function: a cell is not a function, so nothing would end for it to run"+
				" (the interpreter ran it at later calls, again and again); put it in a function: func() { defer ...; ... }()")
	}
	p.decl = topDecls(p.node)
	return p, nil
}

// checkNames refuses a chunk that reads an unset variable (one that an
// earlier chunk of the cell does not define anew), or that declares a name
// of a package in scope: the package would be hidden from every later
// cell, which then fail far from the cause.
func (x *run) checkNames(p parsed) *kernel.ExecError {
	for _, id := range p.file.Unresolved {
		u, ok := x.s.unset[id.Name]
		if !ok || x.defined[id.Name] {
			continue
		}
		what := "has no value"
		if u.kind == "function" {
			what = "has no body"
		}
		return x.atPos("NameError", id.Pos(), p.col1, fmt.Sprintf(
			"%s %s: %s line %d defines it, but that line never ran (%s); run %s again, or define %s anew",
			id.Name, what, u.label, u.line, u.why, u.label, id.Name))
	}
	if x.defined == nil {
		x.defined = map[string]bool{}
	}
	for _, d := range p.decl {
		if path, ok := x.s.imports[d.name]; ok {
			return x.atPos("NameError", d.pos, p.col1, fmt.Sprintf(
				"%s is the package %q in this notebook: a %s named %s would hide it from every later cell, "+
					"so a cell may not declare one at the top level; choose another name (inside a function, any name is fine)",
				d.name, path, d.kind, d.name))
		}
		x.defined[d.name] = true
	}
	return nil
}

// atPos is an error at a position of the running cell.
func (x *run) atPos(name string, pos token.Pos, col1 int, msg string) *kernel.ExecError {
	at := x.s.in.FileSet().Position(pos)
	return x.at(name, at.Filename, at.Line, at.Column, col1, msg)
}

// topDecls lists the names that a chunk declares at the top level.
func topDecls(node ast.Node) []declared {
	var out []declared
	add := func(id *ast.Ident, kind string) {
		if id != nil && id.Name != "_" {
			out = append(out, declared{id.Name, kind, id.Pos()})
		}
	}
	gen := func(g *ast.GenDecl) {
		for _, sp := range g.Specs {
			switch sp := sp.(type) {
			case *ast.TypeSpec:
				add(sp.Name, "type")
			case *ast.ValueSpec:
				kind := "variable"
				if g.Tok == token.CONST {
					kind = "constant"
				}
				for _, id := range sp.Names {
					add(id, kind)
				}
			}
		}
	}
	switch n := node.(type) {
	case *ast.File:
		for _, d := range n.Decls {
			switch d := d.(type) {
			case *ast.FuncDecl:
				if d.Recv == nil {
					add(d.Name, "function")
				}
			case *ast.GenDecl:
				gen(d)
			}
		}
	case *ast.BlockStmt:
		for _, st := range n.List {
			switch st := st.(type) {
			case *ast.AssignStmt:
				if st.Tok == token.DEFINE {
					for _, e := range st.Lhs {
						id, _ := e.(*ast.Ident)
						add(id, "variable")
					}
				}
			case *ast.DeclStmt:
				if g, ok := st.Decl.(*ast.GenDecl); ok {
					gen(g)
				}
			}
		}
	}
	return out
}

// compileGo compiles parsed chunks in order; nothing runs. The first
// compile error ends it, and what compiled before stays unrun.
//
// A chunk's slots are the variables it declares whose storage its compile
// moved: only the names it declares can move, so only those are looked
// up, before and after. Listing every global after each chunk instead made
// a cell's compile quadratic in its statements: 4000 one-line statements
// took 8.5 s, 8000 about 30 s.
func (x *run) compileGo(ps []parsed) ([]*compiled, *kernel.ExecError) {
	x.s.makeRoom()
	cs := make([]*compiled, 0, len(ps))
	for _, p := range ps {
		if xe := x.interruptedBefore(); xe != nil {
			return nil, xe
		}
		names := make([]string, 0, len(p.decl))
		for _, d := range p.decl {
			if d.kind == "variable" || d.kind == "constant" {
				names = append(names, d.name)
			}
		}
		before := x.s.slotAddrs(names)
		c, xe := x.compileChunk(p)
		if c == nil {
			// What it declared before failing is unset too, its
			// functions included: the interpreter may hold them without
			// a body.
			c = &compiled{parsed: p}
			for _, d := range p.decl {
				if d.kind == "function" {
					c.slots = append(c.slots, d.name)
				}
			}
		}
		x.s.makeRoom()
		after := x.s.slotAddrs(names)
		for _, name := range names {
			addr, ok := after[name]
			if old, had := before[name]; ok && (!had || old != addr) {
				c.slots = append(c.slots, name)
			}
		}
		x.compiled = append(x.compiled, c)
		if xe != nil {
			x.why = x.label + " did not compile"
			return nil, xe
		}
		cs = append(cs, c)
	}
	return cs, nil
}

// interruptedBefore is the error of a cell interrupted before its chunks
// ran, checked between chunks as they are parsed and compiled: each takes
// time in the notebook's size, and a cell of 100,000 lines took hours,
// deaf to interrupts.
func (x *run) interruptedBefore() *kernel.ExecError {
	if x.ctx.Err() == nil {
		return nil
	}
	x.why = x.label + " was interrupted before it ran"
	return x.runError(errInterrupted, 0, false)
}

// compileChunk compiles one chunk, nil when it does not compile.
func (x *run) compileChunk(p parsed) (*compiled, *kernel.ExecError) {
	c := &compiled{parsed: p}
	toRun := p.node
	switch n := p.node.(type) {
	case *ast.File:
		toRun = x.s.splitVarSpecs(n)
	case *ast.BlockStmt:
		if p.ch.kind == stmtChunk {
			var err error
			if c.pre, toRun, err = x.redefine(n); err != nil {
				return nil, x.compileFailure(err, p)
			}
		}
	}
	prog, err := x.compile(toRun)
	if err != nil {
		if p.ch.kind == resultChunk {
			// The expression has no value (a call of a func without
			// results) or the wrapper upset the interpreter: run it as
			// a statement, whose errors are the user's.
			q, xe := x.parseChunk(p.src, chunk{kind: stmtChunk, start: p.ch.start, end: p.ch.end})
			if xe != nil {
				return nil, xe
			}
			return x.compileChunk(q)
		}
		return nil, x.compileFailure(err, p)
	}
	c.prog = prog
	x.s.record(x.s.in.FileSet(), p.node)
	return c, nil
}

// compileFailure reports a chunk that did not compile, naming the
// undefined name that some of the interpreter's messages hide.
func (x *run) compileFailure(err error, p parsed) *kernel.ExecError {
	for key := range confusing {
		if strings.Contains(err.Error(), key) {
			if id := x.undefinedName(p); id != nil {
				return x.atPos("CompileError", id.Pos(), p.col1, "undefined: "+id.Name)
			}
		}
	}
	return x.compileError("CompileError", err, p.col1)
}

// undefinedName is the first name that a chunk uses and nothing declares:
// not the cells, the packages in scope nor Go. With a dot import in the
// notebook, a package's names are in scope unlisted: nil.
func (x *run) undefinedName(p parsed) *ast.Ident {
	if x.s.dotImport {
		return nil
	}
	known := x.s.globals()
	// The packages that the cell itself imports are not in x.s.imports
	// before it compiles.
	own := map[string]bool{}
	for _, is := range p.file.Imports {
		own[x.s.importName(is)] = true
	}
	ids := append([]*ast.Ident(nil), p.file.Unresolved...)
	sort.Slice(ids, func(i, j int) bool { return ids[i].Pos() < ids[j].Pos() })
	for _, id := range ids {
		_, decl := x.s.decls[id.Name]
		_, pkg := x.s.imports[id.Name]
		_, global := known[id.Name]
		if !decl && !pkg && !own[id.Name] && !global && !universe[id.Name] && !x.defined[id.Name] && id.Name != "__culab" {
			return id
		}
	}
	return nil
}

// runGo runs compiled chunks in order; the value is the result chunk's.
func (x *run) runGo(cs []*compiled) (cellResult, *kernel.ExecError) {
	var res cellResult
	for _, c := range cs {
		line := x.lineOf(c.src, c.ch)
		for _, prog := range []*interp.Program{c.pre, c.prog} {
			if prog == nil {
				continue
			}
			if err := x.exec(prog); err != nil {
				if code, ok := exitCode(err); ok {
					// os.Exit(0) ends the cell as a program that exits 0 ends:
					// done, what it printed kept (yaegi patch 103).
					c.ran = true
					if code == 0 {
						return res, nil
					}
					return cellResult{}, exitError(code, x.where(x.file, line))
				}
				x.why = fmt.Sprintf("%s stopped at line %d", x.label, line)
				return cellResult{}, x.runError(err, line, c.ch.kind == compoundChunk)
			}
		}
		c.ran = true
		if c.ch.kind == resultChunk {
			vals, _ := x.s.result.get()
			r, xe := x.showResult(vals, line)
			if xe != nil {
				return cellResult{}, xe
			}
			res = r
		}
	}
	return res, nil
}

// showResult is result, which calls the cell's methods (String, Error,
// HTML, ...), on a goroutine that an interrupt stops as it stops the
// cell's code: a String method that never returns hung the engine, deaf to
// interrupts. A panic or runtime.Goexit there ends the cell as before.
func (x *run) showResult(vals []resultValue, line int) (res cellResult, xe *kernel.ExecError) {
	end, stopped := x.await(goCell(func() { res, xe = x.result(vals, line) }))
	switch {
	case stopped:
		x.why = fmt.Sprintf("%s was interrupted while its result was shown", x.label)
		return cellResult{}, x.runError(errInterrupted, line, false)
	case end.panicked != nil:
		panic(end.panicked)
	case end.goexit:
		return cellResult{}, goexitError(x.label)
	}
	return res, xe
}

// settle notes, when the cell ends, which of the variables it declared
// have their value and which are unset, and drops the temporaries.
func (x *run) settle() {
	x.s.dropTemps()
	for _, c := range x.compiled {
		if c.ran {
			for _, d := range c.decl {
				delete(x.s.unset, d.name)
			}
			for _, name := range c.slots {
				delete(x.s.unset, name)
			}
			continue
		}
		for _, name := range c.slots {
			u := unsetVar{label: x.label, line: x.lineOf(c.src, c.ch), why: x.why, kind: "variable"}
			for _, d := range c.decl {
				if d.name == name {
					u.line, u.kind = x.s.in.FileSet().Position(d.pos).Line, d.kind
				}
			}
			x.s.unset[name] = u
		}
	}
}

// ready makes the interpreter ready to run after an interrupt: a stop
// closed the channel that cancels its channel operations; this opens a
// new one.
func (s *session) ready() error {
	if !s.stopped {
		return nil
	}
	if _, err := s.in.EvalWithContext(context.Background(), ""); err != nil {
		return fmt.Errorf("reset the interpreter after an interrupt: %w", err)
	}
	s.stopped = false
	return nil
}

// makeRoom makes the interpreter give room to the variables compiled so
// far, which it does when it runs code: an empty block, which runs nothing
// of the cells. A variable that a compile declares anew moves.
func (s *session) makeRoom() {
	if err := s.ready(); err == nil {
		if prog, err := s.in.CompileAST(&ast.BlockStmt{}); err == nil {
			_, _ = s.in.Execute(prog)
		}
	}
}

// slotAddrs is where each of the named variables is stored (constants
// are values, set when compiled, and have none).
func (s *session) slotAddrs(names []string) map[string]uintptr {
	addrs := make(map[string]uintptr, len(names))
	for _, name := range names {
		if v, ok := s.in.Global(name); ok && v.CanAddr() {
			addrs[name] = v.UnsafeAddr()
		}
	}
	return addrs
}
