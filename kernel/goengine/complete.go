package goengine

import (
	"fmt"
	"go/parser"
	"go/scanner"
	"go/token"
	"reflect"
	"slices"
	"sort"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/culab/culab/internal/holds"
	"github.com/culab/culab/kernel"
	"github.com/culab/culab/kernel/goengine/symbols"
)

// universe holds Go's keywords and predeclared names.
var universe = map[string]bool{}

func init() {
	for _, n := range strings.Fields(`append cap clear close complex copy delete imag len make max min
		new panic print println real recover any bool byte comparable complex64 complex128 error
		float32 float64 int int8 int16 int32 int64 rune string uint uint8 uint16 uint32 uint64
		uintptr true false iota nil`) {
		universe[n] = true
	}
	for t := token.Token(0); t < token.TILDE+1; t++ {
		if t.IsKeyword() {
			universe[t.String()] = true
		}
	}
}

// Complete lists the names that can replace the identifier before cursor
// (a byte offset): names in scope, or members after "pkg." or "value.".
func (e *Engine) Complete(code string, cursor int) (rep kernel.CompleteReply) {
	cursor = min(max(cursor, 0), len(code))
	start := identStart(code, cursor)
	rep = kernel.CompleteReply{Matches: []string{}, CursorStart: start, CursorEnd: cursor, Metadata: map[string]any{}}
	defer func() {
		// Reflection on user values (a String method, say) must not take
		// the kernel down.
		if r := recover(); r != nil {
			e.logf("complete: %v", r)
			rep.Matches = []string{}
		}
	}()
	partial := code[start:cursor]
	var cands []string
	lineStart := strings.LastIndexByte(code[:start], '\n') + 1
	switch prefix := strings.TrimSpace(code[lineStart:start]); {
	case prefix == "%" || prefix == "%%":
		cands = []string{"cuda", "time", "gpu", "env", "help"}
	default:
		chain, ok := qualifiers(code, start)
		if !ok {
			return rep
		}
		s := e.sess
		if chain == nil {
			cands = s.names()
		} else {
			cands = s.members(chain)
		}
	}
	seen := map[string]bool{}
	for _, c := range cands {
		if strings.HasPrefix(c, partial) && !seen[c] && !strings.HasPrefix(c, "_") {
			seen[c] = true
			rep.Matches = append(rep.Matches, c)
		}
	}
	sort.Strings(rep.Matches)
	return rep
}

func isIdentRune(r rune) bool { return r == '_' || unicode.IsLetter(r) || unicode.IsDigit(r) }

// identStart is where the identifier that ends at cursor begins.
func identStart(code string, cursor int) int {
	i := cursor
	for i > 0 {
		r, n := utf8.DecodeLastRuneInString(code[:i])
		if !isIdentRune(r) {
			break
		}
		i -= n
	}
	return i
}

// identEnd is where the identifier that contains cursor ends.
func identEnd(code string, cursor int) int {
	i := cursor
	for i < len(code) {
		r, n := utf8.DecodeRuneInString(code[i:])
		if !isIdentRune(r) {
			break
		}
		i += n
	}
	return i
}

// qualifiers reads the selector chain before an identifier at start: "a.b."
// gives [a b]. ok is false after a dot that follows something other than
// an identifier (a call, an index), which completion cannot follow.
func qualifiers(code string, start int) (chain []string, ok bool) {
	for i := start; i > 0 && code[i-1] == '.'; {
		j := identStart(code, i-1)
		if j == i-1 || len(chain) == maxQualifiers {
			return nil, false
		}
		chain = append(chain, code[j:i-1])
		i = j
	}
	slices.Reverse(chain)
	return chain, true
}

// maxQualifiers is the longest chain of qualifiers that completion and
// inspection resolve: a request whose code ended in a million "a." took
// hours (each prepended to the chain), holding the engine.
const maxQualifiers = 64

// names are the names in scope: the cells', packages', and Go's own.
func (s *session) names() []string {
	var out []string
	for n := range s.in.Globals() {
		out = append(out, n)
	}
	for n := range s.decls {
		out = append(out, n)
	}
	for n := range s.imports {
		out = append(out, n)
	}
	for n := range universe {
		out = append(out, n)
	}
	return out
}

// members lists what can follow chain and a dot.
func (s *session) members(chain []string) []string {
	if t, user, ok := s.resolve(chain); ok {
		out := typeMembers(t)
		for _, m := range s.methods[user] {
			out = append(out, methodName(m.sig))
		}
		return out
	}
	if len(chain) == 1 {
		if p, ok := s.imports[chain[0]]; ok {
			var out []string
			for n := range s.pkgs[p] {
				out = append(out, n)
			}
			return out
		}
	}
	return nil
}

// resolve finds the type of the value chain names: a variable of the
// cells, or a package's variable, followed by fields and methods. user is
// the cell type the value holds, when known.
func (s *session) resolve(chain []string) (t reflect.Type, user string, ok bool) {
	rest := chain[1:]
	if v, isVar := s.in.Globals()[chain[0]]; isVar && v.IsValid() {
		t, user = valueType(v), s.varType[chain[0]]
	} else if p, isPkg := s.imports[chain[0]]; isPkg && len(chain) > 1 {
		v, found := s.pkgs[p][chain[1]]
		if !found || isTypeSymbol(v) || v.Kind() == reflect.Func || !v.CanAddr() {
			return nil, "", false
		}
		t, rest = valueType(v), chain[2:]
	} else {
		return nil, "", false
	}
	for _, name := range rest {
		user = ""
		if t = memberType(t, name); t == nil {
			return nil, "", false
		}
	}
	return t, user, t != nil
}

// valueType is the dynamic type of v when it holds an interface.
func valueType(v reflect.Value) reflect.Type {
	if v.Kind() == reflect.Interface && !v.IsNil() {
		return v.Elem().Type()
	}
	return v.Type()
}

// isTypeSymbol tells a type in a symbol table ((*T)(nil)) from a variable.
func isTypeSymbol(v reflect.Value) bool {
	return v.Kind() == reflect.Pointer && v.IsNil() && !v.CanAddr()
}

// memberType is the type of field name of t, or of the first result of its
// method name; nil when there is neither.
func memberType(t reflect.Type, name string) reflect.Type {
	base := t
	if base.Kind() == reflect.Pointer {
		base = base.Elem()
	}
	if base.Kind() == reflect.Struct {
		if f, ok := base.FieldByName(name); ok {
			return f.Type
		}
	}
	for _, mt := range []reflect.Type{t, reflect.PointerTo(base)} {
		if m, ok := mt.MethodByName(name); ok && m.Type.NumOut() > 0 {
			return m.Type.Out(0)
		}
	}
	return nil
}

// typeMembers are the exported fields and methods of t (and of *t).
func typeMembers(t reflect.Type) []string {
	base := t
	if base.Kind() == reflect.Pointer {
		base = base.Elem()
	}
	var out []string
	if base.Kind() == reflect.Struct {
		for _, f := range reflect.VisibleFields(base) {
			if f.IsExported() {
				out = append(out, f.Name)
			}
		}
	}
	mt := t
	if t.Kind() != reflect.Interface {
		mt = reflect.PointerTo(base)
	}
	for i := 0; i < mt.NumMethod(); i++ {
		out = append(out, mt.Method(i).Name)
	}
	return out
}

// Inspect describes the name at cursor: the declaration and doc comment
// of a package's symbol, or a cell's declaration with its current value.
func (e *Engine) Inspect(code string, cursor, detailLevel int) (rep kernel.InspectReply) {
	defer func() {
		if r := recover(); r != nil {
			e.logf("inspect: %v", r)
			rep = kernel.InspectReply{}
		}
	}()
	cursor = min(max(cursor, 0), len(code))
	s := e.sess
	text := s.describeAt(code, identStart(code, cursor), identEnd(code, cursor))
	if text == "" {
		// Among a call's arguments: describe the function.
		if i := openParen(code, cursor); i > 0 {
			text = s.describeAt(code, identStart(code, i), i)
		}
	}
	if text == "" {
		return kernel.InspectReply{}
	}
	return kernel.InspectReply{Found: true, Data: kernel.MIMEBundle{"text/plain": text}}
}

// describeAt documents the identifier code[start:end] with its qualifiers.
func (s *session) describeAt(code string, start, end int) string {
	if start == end {
		return ""
	}
	chain, ok := qualifiers(code, start)
	if !ok {
		return ""
	}
	return s.describe(chain, code[start:end])
}

// openParen is the offset of the unclosed '(' before cursor, or -1.
func openParen(code string, cursor int) int {
	depth := 0
	for i := cursor - 1; i >= 0; i-- {
		switch code[i] {
		case ')':
			depth++
		case '(':
			if depth == 0 {
				return i
			}
			depth--
		case '\n':
			return -1
		}
	}
	return -1
}

// describe documents name after chain.
func (s *session) describe(chain []string, name string) string {
	if len(chain) == 0 {
		return s.describeName(name)
	}
	if len(chain) == 1 {
		if p, ok := s.imports[chain[0]]; ok {
			if _, shadowed := s.in.Globals()[chain[0]]; !shadowed {
				return s.describeMember(p, name)
			}
		}
	}
	t, user, ok := s.resolve(chain)
	if !ok {
		return ""
	}
	for _, m := range s.methods[user] {
		if methodName(m.sig) == name {
			return docText(m.sig, m.doc)
		}
	}
	base := t
	if base.Kind() == reflect.Pointer {
		base = base.Elem()
	}
	if e, found, _ := symbols.Doc(base.PkgPath(), base.Name()+"."+name); found {
		return docText(e.Sig, e.Doc)
	}
	if base.Kind() == reflect.Struct {
		if f, ok := base.FieldByName(name); ok {
			return fmt.Sprintf("field %s %s", name, f.Type)
		}
	}
	for _, mt := range []reflect.Type{t, reflect.PointerTo(base)} {
		if m, ok := mt.MethodByName(name); ok {
			return "method " + name + strings.TrimPrefix(m.Type.String(), "func")
		}
	}
	return ""
}

func (s *session) describeName(name string) string {
	var parts []string
	if d, ok := s.decls[name]; ok {
		parts = append(parts, docText(d.sig, d.doc))
	}
	if v, ok := s.in.Globals()[name]; ok && v.IsValid() {
		t := valueType(v).String()
		if u := s.varType[name]; u != "" {
			t = u
		}
		parts = append(parts, fmt.Sprintf("type:  %s\nvalue: %s", t, shortValue(v)))
	}
	if len(parts) > 0 {
		return strings.Join(parts, "\n\n")
	}
	if p, ok := s.imports[name]; ok {
		if e, found, _ := symbols.Doc(p, ""); found {
			return docText(e.Sig, e.Doc)
		}
		return fmt.Sprintf("package %s // import %q", name, p)
	}
	return ""
}

// describeMember documents a package's symbol: from docs.json when the
// package is documented, else its type as reflection sees it.
func (s *session) describeMember(path, name string) string {
	if e, found, _ := symbols.Doc(path, name); found {
		return docText(e.Sig, e.Doc)
	}
	v, ok := s.pkgs[path][name]
	if !ok {
		return ""
	}
	pkg := s.pkgName[path]
	switch {
	case isTypeSymbol(v):
		return fmt.Sprintf("type %s.%s %s", pkg, name, v.Type().Elem().Kind())
	case v.Kind() == reflect.Func:
		return fmt.Sprintf("func %s.%s%s", pkg, name, strings.TrimPrefix(v.Type().String(), "func"))
	case v.CanAddr():
		return fmt.Sprintf("var %s.%s %s", pkg, name, v.Type())
	}
	return fmt.Sprintf("const %s.%s = %v", pkg, name, v)
}

func docText(sig, doc string) string {
	sig, doc = strings.TrimSpace(sig), strings.TrimSpace(doc)
	if doc == "" {
		return sig
	}
	return sig + "\n\n" + doc
}

// shortValue prints v, cut to a few lines. Inspecting a value that holds
// itself ended the engine (fmt's fatal stack overflow), and one of a
// billion elements took minutes and gigabytes, with no cell to interrupt:
// such a value is named, and only the head of a long slice, array, map or
// string is printed. (A long one inside a struct is printed whole.)
func shortValue(v reflect.Value) string {
	if !v.CanInterface() {
		return "?"
	}
	if holds.Itself(v.Interface()) {
		return fmt.Sprintf("(a %s that holds itself, or is nested too deep to print)", v.Type())
	}
	const maxLen, maxItems = 500, 100
	more := ""
	switch v.Kind() {
	case reflect.Slice, reflect.Array:
		if n := v.Len(); n > maxItems {
			head := reflect.New(reflect.SliceOf(v.Type().Elem())).Elem()
			for i := range maxItems {
				head = reflect.Append(head, v.Index(i))
			}
			v, more = head, fmt.Sprintf(" (%d elements)", n)
		}
	case reflect.Map:
		if n := v.Len(); n > maxItems {
			head := reflect.MakeMapWithSize(v.Type(), maxItems)
			for it := v.MapRange(); it.Next() && head.Len() < maxItems; {
				head.SetMapIndex(it.Key(), it.Value())
			}
			v, more = head, fmt.Sprintf(" (%d entries)", n)
		}
	case reflect.String:
		if n := v.Len(); n > maxLen {
			v, more = reflect.ValueOf(v.String()[:maxLen]), fmt.Sprintf(" (%d bytes)", n)
		}
	}
	s := fmt.Sprintf("%v", v.Interface())
	if len(s) > maxLen {
		return s[:maxLen] + " …" + more
	}
	if more != "" {
		return s + " …" + more
	}
	return s
}

// IsComplete tells a console whether the code can run: "incomplete" while
// brackets or a raw string are open or the last token wants more (with
// the indent for the next line), "invalid" when it cannot parse.
func (e *Engine) IsComplete(code string) kernel.IsCompleteReply {
	if strings.TrimSpace(code) == "" {
		return kernel.IsCompleteReply{Status: "complete"}
	}
	mc, err := parseMagics(code)
	switch {
	case err != nil:
		return kernel.IsCompleteReply{Status: "invalid"}
	case mc.cell != nil && mc.cell.name == "cuda":
		return kernel.IsCompleteReply{Status: "complete"}
	}
	src := mc.body
	fset := token.NewFileSet()
	file := fset.AddFile("", fset.Base(), len(src))
	var errs scanner.ErrorList
	var sc scanner.Scanner
	sc.Init(file, []byte(src), func(pos token.Position, msg string) { errs.Add(pos, msg) }, 0)
	depth, last := 0, token.ILLEGAL
	for {
		_, tok, lit := sc.Scan()
		if tok == token.EOF {
			break
		}
		switch tok {
		case token.LPAREN, token.LBRACK, token.LBRACE:
			depth++
		case token.RPAREN, token.RBRACK, token.RBRACE:
			if depth--; depth < 0 {
				return kernel.IsCompleteReply{Status: "invalid"}
			}
		}
		if tok != token.SEMICOLON || lit == ";" {
			last = tok
		}
	}
	for _, e := range errs {
		if strings.Contains(e.Msg, "raw string literal not terminated") || strings.Contains(e.Msg, "comment not terminated") {
			return kernel.IsCompleteReply{Status: "incomplete", Indent: ""}
		}
	}
	if len(errs) > 0 {
		return kernel.IsCompleteReply{Status: "invalid"}
	}
	if depth > 0 {
		return kernel.IsCompleteReply{Status: "incomplete", Indent: strings.Repeat("\t", depth)}
	}
	if wantsMore(last) {
		return kernel.IsCompleteReply{Status: "incomplete", Indent: "\t"}
	}
	starts := lineStarts(src)
	for _, ch := range splitCell(src) {
		text, _, _ := chunkSource(src, starts, ch)
		if _, err := parser.ParseFile(token.NewFileSet(), "", text, 0); err != nil {
			return kernel.IsCompleteReply{Status: "invalid"}
		}
	}
	return kernel.IsCompleteReply{Status: "complete"}
}

// wantsMore reports whether a line ending in t continues on the next.
func wantsMore(t token.Token) bool {
	if t.Precedence() > 0 {
		return true // a binary operator
	}
	switch t {
	case token.COMMA, token.PERIOD, token.ASSIGN, token.DEFINE, token.ARROW, token.NOT, token.COLON,
		token.ADD_ASSIGN, token.SUB_ASSIGN, token.MUL_ASSIGN, token.QUO_ASSIGN, token.REM_ASSIGN,
		token.AND_ASSIGN, token.OR_ASSIGN, token.XOR_ASSIGN, token.SHL_ASSIGN, token.SHR_ASSIGN, token.AND_NOT_ASSIGN:
		return true
	}
	return false
}
