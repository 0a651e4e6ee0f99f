package ptx

import (
	"fmt"
	"math"
	"strconv"
	"strings"
)

// maxNest bounds the nesting of { } blocks, initializer lists and operand
// lists, so that hostile input cannot exhaust the stack.
const maxNest = 64

// Parse parses the PTX text src into a Module. name is the file name that
// errors report; every error is an *Error. Trailing NUL bytes (NVRTC's PTX
// image ends with one) are ignored.
func Parse(name string, src []byte) (*Module, error) {
	text := strings.TrimRight(string(src), "\x00")
	p := &parser{name: name, src: text, lx: lexer{name: name, src: text, line: 1}, m: &Module{Files: map[int]string{}}}
	err := p.module()
	if p.lx.err != nil {
		// The lexer stopped the parse with EOF tokens: its error is the cause.
		return nil, p.lx.err
	}
	if err != nil {
		return nil, err
	}
	return p.m, nil
}

// Error is a syntax error at a position of a PTX file.
type Error struct {
	File string
	Line int // 1-based
	Col  int // 1-based, in bytes
	Msg  string
}

func (e *Error) Error() string {
	return fmt.Sprintf("%s:%d:%d: %s", e.File, e.Line, e.Col, e.Msg)
}

type parser struct {
	name string
	src  string
	lx   lexer
	// look holds the n tokens read ahead (the parser needs at most two:
	// a label is an identifier followed by ':').
	look [2]token
	n    int
	m    *Module

	loc Loc // the last .loc seen in the current function
	// plainRegs are the registers of the current function declared
	// without a % ("temp_param_reg"), so that their uses read as Reg.
	plainRegs map[string]bool
}

func (p *parser) peek() token {
	if p.n == 0 {
		p.look[0] = p.lx.next()
		p.n = 1
	}
	return p.look[0]
}

// peekAt1 returns the token after the next one.
func (p *parser) peekAt1() token {
	p.peek()
	if p.n == 1 {
		p.look[1] = p.lx.next()
		p.n = 2
	}
	return p.look[1]
}

// next consumes a token; at the end it keeps returning the EOF token.
func (p *parser) next() token {
	t := p.peek()
	p.look[0] = p.look[1]
	p.n--
	return t
}

// is reports whether the next token is the punctuation or directive s.
func (p *parser) is(s string) bool {
	t := p.peek()
	return (t.kind == tPunct || t.kind == tDir) && t.text == s
}

func (p *parser) errAt(t token, format string, args ...any) error {
	return &Error{File: p.name, Line: int(t.line), Col: int(t.col), Msg: fmt.Sprintf(format, args...)}
}

// expected reports that the next token is not what was wanted.
func (p *parser) expected(what string) error {
	t := p.peek()
	return p.errAt(t, "expected %s, found %s", what, describe(t))
}

func describe(t token) string {
	if t.kind == tEOF {
		return "end of file"
	}
	s := t.text
	if len(s) > 40 {
		s = s[:40] + "..."
	}
	return strconv.Quote(s)
}

// punct consumes the punctuation s.
func (p *parser) punct(s string) error {
	if !p.is(s) {
		return p.expected(strconv.Quote(s))
	}
	p.next()
	return nil
}

func (p *parser) ident(what string) (token, error) {
	if p.peek().kind != tIdent {
		return token{}, p.expected(what)
	}
	return p.next(), nil
}

// integer consumes an integer literal, with an optional minus sign.
func (p *parser) integer(what string) (int64, error) {
	neg := false
	if p.is("-") && p.peekAt1().kind == tNum {
		p.next()
		neg = true
	}
	t := p.peek()
	if t.kind != tNum {
		return 0, p.expected(what)
	}
	v, ok := parseInt(t.text)
	if !ok {
		return 0, p.errAt(t, "expected %s, found %s (not an integer)", what, describe(t))
	}
	p.next()
	if neg {
		v = -v
	}
	return v, nil
}

// size consumes a non-negative integer that fits an int (a count,
// dimension or alignment).
func (p *parser) size(what string) (int, error) {
	t := p.peek()
	v, err := p.integer(what)
	if err != nil {
		return 0, err
	}
	if v < 0 || v > 1<<40 {
		return 0, p.errAt(t, "%s out of range: %d", what, v)
	}
	return int(v), nil
}

func (p *parser) module() error {
	for {
		t := p.peek()
		if t.kind == tEOF {
			return nil
		}
		if t.kind != tDir {
			return p.expected("a directive (.version, .target, .entry, .func, .global, ...)")
		}
		var err error
		switch t.text {
		case ".version":
			p.next()
			if p.peek().kind != tNum {
				return p.expected("a version number")
			}
			p.m.Version = p.next().text
		case ".target":
			p.next()
			var targets []string
			for {
				tt, err := p.ident("a target (sm_90, ...)")
				if err != nil {
					return err
				}
				targets = append(targets, tt.text)
				if !p.is(",") {
					break
				}
				p.next()
			}
			p.m.Target = strings.Join(targets, ",")
		case ".address_size":
			p.next()
			p.m.AddressSize, err = p.size("an address size")
		case ".file":
			err = p.file()
		case ".loc":
			// Only meaningful inside a function; parsed for its syntax.
			_, err = p.locDirective()
		case ".section":
			err = p.skipSection()
		case ".pragma":
			var d Directive
			d, err = p.directive()
			p.m.Directives = append(p.m.Directives, d)
		case ".alias":
			err = p.alias()
		default:
			err = p.declaration()
		}
		if err != nil {
			return err
		}
	}
}

// declaration parses a module-scope function or variable with its linkage.
func (p *parser) declaration() error {
	var visible, extern, weak bool
	for {
		switch p.peek().text {
		case ".visible":
			visible = true
		case ".extern":
			extern = true
		case ".weak", ".common":
			weak = true
		default:
			return p.linked(visible, extern, weak)
		}
		p.next()
	}
}

// linked parses a declaration after its linkage directives.
func (p *parser) linked(visible, extern, weak bool) error {
	t := p.peek()
	switch t.text {
	case ".entry", ".func":
		f, err := p.function()
		if err != nil {
			return err
		}
		f.Visible, f.Extern, f.Weak = visible, extern, weak
		p.m.Funcs = append(p.m.Funcs, f)
		return nil
	case ".global", ".const", ".shared", ".local":
		v, err := p.varDecl(0)
		if err != nil {
			return err
		}
		v.Extern = extern
		if err := p.punct(";"); err != nil {
			return err
		}
		p.m.Vars = append(p.m.Vars, v)
		return nil
	}
	if t.kind == tDir {
		return p.errAt(t, "unknown module directive %s", t.text)
	}
	return p.expected(".entry, .func or a variable declaration")
}

// file parses `.file 1 "name"` and `.file 1 "name", timestamp, size`.
func (p *parser) file() error {
	p.next()
	n, err := p.size("a file number")
	if err != nil {
		return err
	}
	if p.peek().kind != tStr {
		return p.expected("a quoted file name")
	}
	p.m.Files[n] = unquote(p.next().text)
	for i := 0; i < 2 && p.is(","); i++ {
		p.next()
		if _, err := p.integer("a file timestamp or size"); err != nil {
			return err
		}
	}
	return nil
}

func unquote(s string) string {
	if u, err := strconv.Unquote(s); err == nil {
		return u
	}
	return s[1 : len(s)-1]
}

// locDirective parses `.loc file line col` with the optional
// `, function_name label[+n], inlined_at file line col` of newer NVRTC; the
// inlining context is dropped.
func (p *parser) locDirective() (Loc, error) {
	p.next()
	var v [3]int
	for i, what := range []string{"a .loc file number", "a .loc line", "a .loc column"} {
		n, err := p.size(what)
		if err != nil {
			return Loc{}, err
		}
		v[i] = n
	}
	for p.is(",") && p.peekAt1().kind == tIdent {
		p.next()
		switch attr := p.next(); attr.text {
		case "function_name":
			if _, err := p.ident("a function name label"); err != nil {
				return Loc{}, err
			}
			if p.is("+") {
				p.next()
				if _, err := p.integer("an offset"); err != nil {
					return Loc{}, err
				}
			}
		case "inlined_at":
			for _, what := range []string{"a file number", "a line", "a column"} {
				if _, err := p.size(what); err != nil {
					return Loc{}, err
				}
			}
		default:
			return Loc{}, p.errAt(attr, "unknown .loc attribute %s (expected function_name or inlined_at)", describe(attr))
		}
	}
	return Loc{File: v[0], Line: v[1], Column: v[2]}, nil
}

// skipSection skips a `.section .debug_* { ... }` block: DWARF data that
// nothing downstream reads.
func (p *parser) skipSection() error {
	start := p.next()
	for !p.is("{") {
		if p.peek().kind == tEOF || p.is(";") || p.is("}") {
			return p.expected("{ after .section")
		}
		p.next()
	}
	depth := 0
	for {
		t := p.next()
		switch {
		case t.kind == tEOF:
			return p.errAt(start, ".section not closed (missing })")
		case t.kind == tPunct && t.text == "{":
			depth++
		case t.kind == tPunct && t.text == "}":
			depth--
			if depth == 0 {
				return nil
			}
		}
	}
}

// directive parses a .pragma or a performance directive: its name and its
// comma-separated arguments (strings without their quotes). A .pragma ends
// with ';', the others with the line's last argument.
func (p *parser) directive() (Directive, error) {
	t := p.next()
	d := Directive{Name: t.text[1:], Line: int(t.line)}
	if k := p.peek().kind; k == tNum || k == tIdent || k == tStr {
		for {
			a := p.peek()
			switch a.kind {
			case tNum, tIdent:
				d.Args = append(d.Args, a.text)
			case tStr:
				d.Args = append(d.Args, unquote(a.text))
			default:
				return d, p.expected("a directive argument")
			}
			p.next()
			if !p.is(",") {
				break
			}
			p.next()
		}
	}
	if d.Name == "pragma" {
		if err := p.punct(";"); err != nil {
			return d, err
		}
	}
	return d, nil
}

func (p *parser) alias() error {
	t := p.next()
	a, err := p.ident("an alias name")
	if err != nil {
		return err
	}
	if err := p.punct(","); err != nil {
		return err
	}
	b, err := p.ident("the aliased function")
	if err != nil {
		return err
	}
	if err := p.punct(";"); err != nil {
		return err
	}
	p.m.Aliases = append(p.m.Aliases, Alias{Name: a.text, Target: b.text, Line: int(t.line)})
	return nil
}

// function parses .entry or .func from its keyword to the end of its body
// (or the ';' of a declaration).
func (p *parser) function() (*Func, error) {
	kw := p.next()
	f := &Func{Entry: kw.text == ".entry", Line: int(kw.line)}
	var err error
	if !f.Entry && p.is("(") {
		if f.Returns, err = p.paramList(); err != nil {
			return nil, err
		}
	}
	name, err := p.ident("a function name")
	if err != nil {
		return nil, err
	}
	f.Name = name.text
	if p.is("(") {
		if f.Params, err = p.paramList(); err != nil {
			return nil, err
		}
	}
	for p.peek().kind == tDir {
		d, err := p.directive()
		if err != nil {
			return nil, err
		}
		f.Directives = append(f.Directives, d)
	}
	if p.is(";") {
		p.next()
		return f, nil
	}
	if !p.is("{") {
		return nil, p.expected(fmt.Sprintf("{ or ; after function %s", f.Name))
	}
	if err := p.body(f); err != nil {
		return nil, err
	}
	return f, nil
}

// paramList parses "(.param .u64 a, .param .b32 b)".
func (p *parser) paramList() ([]*Var, error) {
	p.next()
	var vars []*Var
	if p.is(")") {
		p.next()
		return vars, nil
	}
	for {
		if !p.is(".param") && !p.is(".reg") {
			return nil, p.expected("a .param declaration")
		}
		v, err := p.varDecl(0)
		if err != nil {
			return nil, err
		}
		vars = append(vars, v)
		if p.is(",") {
			p.next()
			continue
		}
		if err := p.punct(")"); err != nil {
			return nil, err
		}
		return vars, nil
	}
}

// varDecl parses a variable from its state space to its initializer, not
// the ';'.
func (p *parser) varDecl(scope int) (*Var, error) {
	sp := p.next()
	v := &Var{Space: Space(sp.text[1:]), Scope: scope, Line: int(sp.line)}
	ptr := false
	for p.peek().kind == tDir {
		d := p.next()
		switch d.text {
		case ".align":
			n, err := p.size("an alignment")
			if err != nil {
				return nil, err
			}
			v.Align = n
		case ".ptr":
			ptr = true
		case ".attribute":
			if err := p.attributes(v); err != nil {
				return nil, err
			}
		case ".v2", ".v4", ".v8":
			v.Vector = int(d.text[2] - '0')
		case ".global", ".shared", ".const", ".local":
			if !ptr || v.PtrSpace != "" {
				return nil, p.errAt(d, "unexpected state space %s in the declaration", d.text)
			}
			v.PtrSpace = Space(d.text[1:])
		default:
			if v.Type != "" {
				return nil, p.errAt(d, "unexpected %s: the declaration already has type .%s", d.text, v.Type)
			}
			v.Type = d.text[1:]
		}
	}
	if v.Type == "" {
		return nil, p.expected("a type (.b32, .u64, .f32, ...)")
	}
	name, err := p.ident("a variable name")
	if err != nil {
		return nil, err
	}
	v.Name = name.text
	for p.is("[") {
		p.next()
		n := 0
		if !p.is("]") {
			if n, err = p.size("an array dimension"); err != nil {
				return nil, err
			}
		}
		if err := p.punct("]"); err != nil {
			return nil, err
		}
		v.Dims = append(v.Dims, n)
	}
	if p.is("=") {
		p.next()
		if p.is("{") {
			err = p.initList(v, 0)
		} else {
			err = p.initElem(v)
		}
		if err != nil {
			return nil, err
		}
	}
	return v, nil
}

// attributes parses the "(.managed)" after ".attribute".
func (p *parser) attributes(v *Var) error {
	if err := p.punct("("); err != nil {
		return err
	}
	for {
		a := p.peek()
		if a.kind != tDir {
			return p.expected("an attribute such as .managed")
		}
		p.next()
		v.Attributes = append(v.Attributes, a.text[1:])
		if !p.is(",") {
			return p.punct(")")
		}
		p.next()
	}
}

// initList parses a braced initializer, flattening nested braces into
// v.Init.
func (p *parser) initList(v *Var, depth int) error {
	open := p.next()
	if depth >= maxNest {
		return p.errAt(open, "initializer nested too deeply")
	}
	if p.is("}") {
		p.next()
		return nil
	}
	for {
		var err error
		if p.is("{") {
			err = p.initList(v, depth+1)
		} else {
			err = p.initElem(v)
		}
		if err != nil {
			return err
		}
		if p.is(",") {
			p.next()
			continue
		}
		return p.punct("}")
	}
}

// initElem parses one initializer element: a number, a symbol, a
// "generic(symbol)", the last two with an optional "+offset".
func (p *parser) initElem(v *Var) error {
	t := p.peek()
	switch {
	case t.kind == tNum || t.kind == tPunct && t.text == "-":
		op, err := p.number()
		if err != nil {
			return err
		}
		v.Init = append(v.Init, op)
		return nil
	case t.kind == tIdent:
		op, err := p.symbol()
		if err != nil {
			return err
		}
		v.Init = append(v.Init, op)
		return nil
	}
	return p.expected("an initializer value")
}

// symbol parses "name", "name+4" or "generic(name)".
func (p *parser) symbol() (Operand, error) {
	t := p.next()
	op := Operand{Kind: Symbol, Name: t.text}
	if t.text == "generic" && p.is("(") {
		p.next()
		s, err := p.ident("a variable name in generic( )")
		if err != nil {
			return op, err
		}
		if err := p.punct(")"); err != nil {
			return op, err
		}
		op.Name, op.Generic = s.text, true
	}
	if p.is("+") {
		p.next()
		n, err := p.integer("an offset after +")
		if err != nil {
			return op, err
		}
		op.Int = n
	}
	return op, nil
}

// number parses an integer or float literal, with an optional minus sign.
func (p *parser) number() (Operand, error) {
	neg := false
	if p.is("-") {
		p.next()
		neg = true
	}
	t := p.peek()
	if t.kind != tNum {
		return Operand{}, p.expected("a number")
	}
	op, ok := parseNumber(t.text)
	if !ok {
		return Operand{}, p.errAt(t, "malformed number %s", describe(t))
	}
	p.next()
	if neg {
		switch {
		case op.Kind == Int:
			op.Int = -op.Int
		case op.Double:
			op.Bits ^= 1 << 63
		default:
			op.Bits ^= 1 << 31
		}
	}
	return op, nil
}

// body parses a function body from its '{' to the matching '}'.
func (p *parser) body(f *Func) error {
	open := p.next()
	f.Body = []*Instr{}
	f.Labels = map[string]int{}
	p.loc = Loc{}
	p.plainRegs = nil
	scopes := []int{0}
	nextScope := 1
	for {
		t := p.peek()
		scope := scopes[len(scopes)-1]
		switch t.kind {
		case tEOF:
			return p.errAt(open, "body of %s not closed (missing })", f.Name)
		case tPunct:
			switch t.text {
			case "{":
				if len(scopes) >= maxNest {
					return p.errAt(t, "blocks nested too deeply")
				}
				p.next()
				scopes = append(scopes, nextScope)
				nextScope++
				continue
			case "}":
				p.next()
				scopes = scopes[:len(scopes)-1]
				if len(scopes) == 0 {
					return nil
				}
				continue
			case "@":
				if err := p.instr(f, scope); err != nil {
					return err
				}
				continue
			}
		case tDir:
			if err := p.bodyDirective(f, scope); err != nil {
				return err
			}
			continue
		case tIdent:
			if p.peekAt1().kind == tPunct && p.peekAt1().text == ":" {
				if err := p.label(f); err != nil {
					return err
				}
				continue
			}
			if err := p.instr(f, scope); err != nil {
				return err
			}
			continue
		}
		return p.expected("an instruction, label, directive or }")
	}
}

func (p *parser) bodyDirective(f *Func, scope int) error {
	t := p.peek()
	switch t.text {
	case ".reg":
		return p.regDecl(f, scope)
	case ".local", ".shared", ".param", ".const", ".global":
		v, err := p.varDecl(scope)
		if err != nil {
			return err
		}
		if err := p.punct(";"); err != nil {
			return err
		}
		f.Vars = append(f.Vars, v)
		return nil
	case ".loc":
		loc, err := p.locDirective()
		p.loc = loc
		return err
	case ".pragma":
		d, err := p.directive()
		f.Directives = append(f.Directives, d)
		return err
	}
	return p.errAt(t, "unexpected directive %s in the body of %s", t.text, f.Name)
}

// regDecl parses ".reg .b32 %r<7>;" and ".reg .pred p, q;".
func (p *parser) regDecl(f *Func, scope int) error {
	kw := p.next()
	d := RegDecl{Scope: scope, Line: int(kw.line)}
	for p.peek().kind == tDir {
		t := p.next()
		switch t.text {
		case ".v2", ".v4", ".v8":
			d.Vector = int(t.text[2] - '0')
		default:
			if d.Type != "" {
				return p.errAt(t, "unexpected %s: the .reg already has type .%s", t.text, d.Type)
			}
			d.Type = t.text[1:]
		}
	}
	if d.Type == "" {
		return p.expected("a register type (.b32, .pred, ...)")
	}
	for {
		name, err := p.ident("a register name")
		if err != nil {
			return err
		}
		r := d
		r.Prefix = name.text
		if p.is("<") {
			p.next()
			ct := p.peek()
			if r.Count, err = p.size("a register count"); err != nil {
				return err
			}
			if r.Count == 0 {
				return p.errAt(ct, "register count must be at least 1")
			}
			if err := p.punct(">"); err != nil {
				return err
			}
		} else if name.text[0] != '%' {
			if p.plainRegs == nil {
				p.plainRegs = map[string]bool{}
			}
			p.plainRegs[name.text] = true
		}
		f.Regs = append(f.Regs, r)
		if !p.is(",") {
			break
		}
		p.next()
	}
	return p.punct(";")
}

// label parses "name:". A label may name a table instead of an
// instruction, kept as a directive whose first argument is the label:
// "ts: .branchtargets L1, L2;" (then the targets) or an indirect call's
// "proto: .callprototype ...;" (then the text after the keyword).
func (p *parser) label(f *Func) error {
	t := p.next()
	p.next()
	if _, dup := f.Labels[t.text]; dup {
		return p.errAt(t, "label %s defined twice in %s", t.text, f.Name)
	}
	f.Labels[t.text] = len(f.Body)
	switch {
	case p.is(".branchtargets"):
		kw := p.next()
		d := Directive{Name: "branchtargets", Line: int(kw.line)}
		for {
			l, err := p.ident("a branch target label")
			if err != nil {
				return err
			}
			d.Args = append(d.Args, l.text)
			if !p.is(",") {
				break
			}
			p.next()
		}
		if err := p.punct(";"); err != nil {
			return err
		}
		d.Args = append([]string{t.text}, d.Args...)
		f.Directives = append(f.Directives, d)
	case p.is(".callprototype"):
		kw := p.next()
		for !p.is(";") {
			if p.peek().kind == tEOF {
				return p.expected("; after .callprototype")
			}
			p.next()
		}
		end := p.next()
		f.Directives = append(f.Directives, Directive{Name: "callprototype", Line: int(kw.line),
			Args: []string{t.text, squash(strings.TrimSpace(p.src[kw.off+len(kw.text) : end.off]))}})
	}
	return nil
}

// instr parses "[@[!]pred] opcode[.mod...] [operand {, operand}];".
func (p *parser) instr(f *Func, scope int) error {
	first := p.peek()
	in := &Instr{Line: int(first.line), Scope: scope, Loc: p.loc}
	if p.is("@") {
		p.next()
		if p.is("!") {
			p.next()
			in.GuardNeg = true
		}
		// A guard is a %register or a declared plain one: "@p bra L" and
		// a mistyped "@ bra L" read alike otherwise.
		g := p.peek()
		if g.kind != tIdent || g.text[0] != '%' && !p.plainRegs[g.text] {
			return p.expected("a guard predicate register after @")
		}
		p.next()
		in.Guard = g.text
	}
	op := p.peek()
	if op.kind != tIdent || !isLetter(op.text[0]) {
		return p.expected("an instruction opcode")
	}
	p.next()
	parts := strings.Split(op.text, ".")
	in.Op = parts[0]
	if len(parts) > 1 {
		in.Mods = parts[1:]
	}
	if !p.is(";") {
		for {
			o, err := p.operand(0)
			if err != nil {
				return err
			}
			in.Operands = append(in.Operands, o)
			if !p.is(",") {
				break
			}
			p.next()
		}
	}
	if !p.is(";") {
		return p.expected(fmt.Sprintf(", or ; in %s", op.text))
	}
	end := p.next()
	in.Text = squash(p.src[first.off : end.off+1])
	f.Body = append(f.Body, in)
	return nil
}

// operand parses one instruction operand.
func (p *parser) operand(depth int) (Operand, error) {
	t := p.peek()
	if depth >= maxNest {
		return Operand{}, p.errAt(t, "operands nested too deeply")
	}
	switch t.kind {
	case tNum:
		return p.number()
	case tIdent:
		if t.text[0] == '%' || t.text == "_" || p.plainRegs[t.text] {
			p.next()
			r := Operand{Kind: Reg, Name: t.text}
			if !p.is("|") {
				return r, nil
			}
			p.next()
			s, err := p.ident("a second destination register after |")
			if err != nil {
				return r, err
			}
			return Operand{Kind: Pair, Elems: []Operand{r, {Kind: Reg, Name: s.text}}}, nil
		}
		return p.symbol()
	case tPunct:
		switch t.text {
		case "-":
			return p.number()
		case "!":
			p.next()
			r, err := p.ident("a predicate register after !")
			return Operand{Kind: Reg, Name: r.text, Not: true}, err
		case "[":
			return p.address()
		case "{":
			return p.operandList(Vec, "}", depth)
		case "(":
			return p.operandList(List, ")", depth)
		}
	}
	return Operand{}, p.expected("an operand")
}

// operandList parses "{a, b}" or "(a, b)", possibly empty.
func (p *parser) operandList(kind OperandKind, closer string, depth int) (Operand, error) {
	p.next()
	op := Operand{Kind: kind, Elems: []Operand{}}
	if p.is(closer) {
		p.next()
		return op, nil
	}
	for {
		e, err := p.operand(depth + 1)
		if err != nil {
			return op, err
		}
		op.Elems = append(op.Elems, e)
		if p.is(",") {
			p.next()
			continue
		}
		err = p.punct(closer)
		return op, err
	}
}

// address parses "[base]", "[base+off]", "[base+-off]", "[base-off]" and
// "[off]".
func (p *parser) address() (Operand, error) {
	p.next()
	op := Operand{Kind: Addr}
	switch t := p.peek(); {
	case t.kind == tIdent:
		p.next()
		op.Name = t.text
		if p.is("+") || p.is("-") {
			neg := p.next().text == "-"
			n, err := p.integer("an address offset")
			if err != nil {
				return op, err
			}
			if neg {
				n = -n
			}
			op.Int = n
		}
	case t.kind == tNum || p.is("-"):
		n, err := p.integer("an address")
		if err != nil {
			return op, err
		}
		op.Int = n
	default:
		return op, p.expected("a register, variable or address in [ ]")
	}
	err := p.punct("]")
	return op, err
}

// squash returns an instruction's text with each run of white space made
// one space.
func squash(s string) string {
	clean := true
	for i := 0; i < len(s); i++ {
		if c := s[i]; c == '\t' || c == '\n' || c == '\r' || c == ' ' && i+1 < len(s) && s[i+1] == ' ' {
			clean = false
			break
		}
	}
	if clean {
		return s
	}
	var b strings.Builder
	b.Grow(len(s))
	space := false
	for i := 0; i < len(s); i++ {
		switch c := s[i]; c {
		case ' ', '\t', '\n', '\r', '\f', '\v':
			space = true
		default:
			if space && b.Len() > 0 {
				b.WriteByte(' ')
			}
			space = false
			b.WriteByte(c)
		}
	}
	return b.String()
}

// parseInt parses PTX integer literals: decimal, 0x hex, 0b binary, 0
// octal, with an optional U suffix. Values beyond int64 (64-bit hex masks)
// keep their bits.
func parseInt(s string) (int64, bool) {
	s = strings.TrimSuffix(strings.TrimSuffix(s, "U"), "u")
	base := 10
	switch {
	case len(s) > 2 && s[0] == '0' && (s[1] == 'x' || s[1] == 'X'):
		base, s = 16, s[2:]
	case len(s) > 2 && s[0] == '0' && (s[1] == 'b' || s[1] == 'B'):
		base, s = 2, s[2:]
	case len(s) > 1 && s[0] == '0':
		base, s = 8, s[1:]
	}
	v, err := strconv.ParseUint(s, base, 64)
	if err != nil {
		return 0, false
	}
	return int64(v), true
}

// parseNumber parses an integer or a float literal: 0fXXXXXXXX (32-bit),
// 0dXXXXXXXXXXXXXXXX (64-bit) or decimal ("1.5", "2e3"), the last kept as
// a double.
func parseNumber(s string) (Operand, bool) {
	if len(s) > 1 && s[0] == '0' {
		switch s[1] {
		case 'f', 'F', 'd', 'D':
			double := s[1] == 'd' || s[1] == 'D'
			digits := 8
			if double {
				digits = 16
			}
			if len(s) != 2+digits {
				return Operand{}, false
			}
			bits, err := strconv.ParseUint(s[2:], 16, 64)
			if err != nil {
				return Operand{}, false
			}
			return Operand{Kind: Float, Bits: bits, Double: double}, true
		case 'x', 'X', 'b', 'B':
			v, ok := parseInt(s)
			return Operand{Kind: Int, Int: v}, ok
		}
	}
	if strings.ContainsAny(s, ".eE") {
		v, err := strconv.ParseFloat(s, 64)
		if err != nil {
			return Operand{}, false
		}
		return Operand{Kind: Float, Bits: math.Float64bits(v), Double: true}, true
	}
	v, ok := parseInt(s)
	return Operand{Kind: Int, Int: v}, ok
}
