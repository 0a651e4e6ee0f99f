package goengine

import (
	"fmt"
	"go/ast"
	"go/parser"
	"go/scanner"
	"go/token"
	"sort"
	"strings"
)

// The interpreter evaluates either a run of declarations (as a file) or a
// run of statements (as the body of main), not a mix, while a cell
// naturally mixes them: imports, a helper func, then code that calls it.
// A cell is therefore split into top-level items and evaluated in chunks:
// runs of declarations, and statements one at a time. Each chunk's
// positions are cell positions: a line directive before its code says
// where in the cell it starts (chunkSource).

type chunkKind int

const (
	declChunk     chunkKind = iota // imports, func, type, var, const
	stmtChunk                      // a simple statement
	compoundChunk                  // a statement with a block, run in a func literal
	fileChunk                      // a whole file: the cell starts with "package"
	resultChunk                    // the cell's last expression, whose value is shown
)

// Prefixes put before a chunk's source on its first line; column positions
// on line 1 are shifted by their length.
const (
	declPrefix   = "package main;"
	stmtPrefix   = "package main; func main() {"
	stmtSuffix   = "\n}"
	resultPrefix = "__culab.Result("
	funcPrefix   = "func() {"
)

// chunk is a run of top-level declarations or one statement: src[start:end].
// start is where the previous item's separator ends, so doc comments come
// along.
type chunk struct {
	kind       chunkKind
	start, end int
}

// item is one top-level declaration or statement: src[start:end], then its
// separator up to next.
type item struct {
	kind             chunkKind // declChunk, stmtChunk or compoundChunk
	imports          bool      // an import declaration
	start, end, next int
}

type tok struct {
	off int
	tok token.Token
	lit string
}

// splitCell divides Go source into chunks; a final expression statement
// becomes a resultChunk of its own. Syntax errors are left for the parser
// of each chunk to report: the split only needs brackets.
func splitCell(src string) []chunk {
	toks := scan(src)
	if len(toks) == 0 || toks[0].tok == token.EOF {
		return nil
	}
	if toks[0].tok == token.PACKAGE {
		return []chunk{{kind: fileChunk, start: 0, end: len(src)}}
	}
	var items []item
	depth, first := 0, -1
	header := false // in the header of a for, if or switch: ';' does not end it
	for i, t := range toks {
		if first < 0 {
			if t.tok == token.SEMICOLON || t.tok == token.EOF {
				continue
			}
			first = i
		}
		switch t.tok {
		case token.FOR, token.IF, token.SWITCH:
			header = header || depth == 0
		case token.LBRACE:
			header = header && depth != 0
			depth++
		case token.LPAREN, token.LBRACK:
			depth++
		case token.RPAREN, token.RBRACK, token.RBRACE:
			depth--
		}
		if (t.tok == token.SEMICOLON && depth <= 0 && !header) || t.tok == token.EOF {
			it := classify(toks, first, t.off)
			it.next = t.off
			if t.tok == token.SEMICOLON && t.lit == ";" {
				it.next++
			}
			items = append(items, it)
			first, depth, header = -1, 0, false
		}
	}

	var chunks []chunk
	prev := 0
	for i, it := range items {
		n := len(chunks)
		switch {
		case i == len(items)-1 && it.kind == stmtChunk && isShownExpr(src[it.start:it.end]):
			chunks = append(chunks, chunk{kind: resultChunk, start: prev, end: it.end})
		case n > 0 && it.kind == declChunk && chunks[n-1].kind == declChunk && !(it.imports && !items[i-1].imports):
			// Declarations stay together, as they may refer to each other;
			// an import after others starts a new chunk, as Go wants
			// imports first. Statements run one by one: the interpreter
			// reports a panic at the start of the chunk it ran.
			chunks[n-1].end = it.end
		default:
			chunks = append(chunks, chunk{kind: it.kind, start: prev, end: it.end})
		}
		prev = it.next
	}
	return chunks
}

func scan(src string) []tok {
	fset := token.NewFileSet()
	file := fset.AddFile("", fset.Base(), len(src))
	var s scanner.Scanner
	s.Init(file, []byte(src), func(token.Position, string) {}, 0)
	var toks []tok
	for {
		pos, t, lit := s.Scan()
		toks = append(toks, tok{off: file.Offset(pos), tok: t, lit: lit})
		if t == token.EOF {
			return toks
		}
	}
}

// classify tells a declaration from a statement by its first tokens.
func classify(toks []tok, i, end int) item {
	it := item{kind: stmtChunk, start: toks[i].off, end: end}
	switch toks[i].tok {
	case token.IMPORT:
		it.kind, it.imports = declChunk, true
	case token.TYPE, token.CONST, token.VAR:
		it.kind = declChunk
	case token.FUNC:
		if isFuncDecl(toks[i+1:]) {
			it.kind = declChunk
		}
	case token.FOR, token.IF, token.SWITCH, token.SELECT, token.LBRACE:
		// At the top level the interpreter loses variables that a block
		// defines with "a, b :=" ("undefined: a", yaegi v0.16.1), and it
		// lets a for loop's variable outlive the loop: in a func literal,
		// a block's variables are local as Go wants.
		it.kind = compoundChunk
	case token.IDENT:
		if toks[i+1].tok == token.COLON { // a label
			it.kind = compoundChunk
		}
	}
	return it
}

// isFuncDecl reports whether the tokens after "func" declare a function or
// method ("func f(", "func (r T) M(") rather than start a function literal.
func isFuncDecl(toks []tok) bool {
	if len(toks) == 0 {
		return false
	}
	if toks[0].tok == token.IDENT {
		return true
	}
	if toks[0].tok != token.LPAREN {
		return false
	}
	depth := 0
	for i, t := range toks {
		switch t.tok {
		case token.LPAREN:
			depth++
		case token.RPAREN:
			depth--
		}
		if depth == 0 {
			rest := toks[i+1:]
			return len(rest) >= 2 && rest[0].tok == token.IDENT && rest[1].tok == token.LPAREN
		}
	}
	return false
}

// isShownExpr reports whether a statement is an expression whose value the
// cell shows. Calls of fmt's and log's print functions and of the print
// builtins are not: their byte counts are noise.
func isShownExpr(stmt string) bool {
	e, err := parser.ParseExpr(stmt)
	if err != nil {
		return false
	}
	call, ok := e.(*ast.CallExpr)
	if !ok {
		return true
	}
	switch fun := call.Fun.(type) {
	case *ast.SelectorExpr:
		pkg, ok := fun.X.(*ast.Ident)
		return !ok || !(pkg.Name == "fmt" || pkg.Name == "log") ||
			!(strings.HasPrefix(fun.Sel.Name, "Print") || strings.HasPrefix(fun.Sel.Name, "Fprint"))
	case *ast.Ident:
		return fun.Name != "print" && fun.Name != "println"
	}
	return true
}

// blank keeps the newlines of s and turns every other byte into a space,
// so that what follows keeps its line and byte column.
func blank(s string) string {
	b := []byte(s)
	for i, c := range b {
		if c != '\n' {
			b[i] = ' '
		}
	}
	return string(b)
}

// lineStarts is the offset at which each line of src starts.
func lineStarts(src string) []int {
	starts := []int{0}
	for i := 0; i < len(src); i++ {
		if src[i] == '\n' {
			starts = append(starts, i+1)
		}
	}
	return starts
}

// lineCol is the line and byte column, from 1, of offset off in the source
// whose lineStarts are starts.
func lineCol(starts []int, off int) (line, col int) {
	line = sort.Search(len(starts), func(i int) bool { return starts[i] > off })
	return line, off - starts[line-1] + 1
}

// chunkSource is the source the interpreter parses for c, src's chunk
// (starts is lineStarts(src)), inside what makes it a file, so that
// positions are cell positions; col1 is how far line 1 is shifted, and
// code where in text the chunk's code starts.
//
// A chunk that starts on line 1 is laid out as the cell: its line 1 before
// it is blanked. A later one has a line directive before its code that
// says where it is: blanking the cell before each chunk made a cell's
// parse, and the positions the interpreter's file set keeps, quadratic in
// its lines. What comes before the directive (the wrapper, on line 1) is
// shifted by col1 as on line 1, so an error there has no column in the
// cell, as before.
func chunkSource(src string, starts []int, c chunk) (text string, col1, code int) {
	line, col := lineCol(starts, c.start)
	if c.kind == fileChunk || line == 1 {
		text, col1 = chunkSourceBlank(src, c)
		return text, col1, 0
	}
	at := func(line, col int) string { return fmt.Sprintf("/*line :%d:%d*/", line, col) }
	var head, tail string
	switch c.kind {
	case declChunk:
		head, col1 = declPrefix, len(declPrefix)
	case stmtChunk:
		head, tail, col1 = stmtPrefix, stmtSuffix, len(stmtPrefix)
	case resultChunk, compoundChunk:
		// The wrapper opens after the end of the line before the
		// chunk's, where the blanked layout put it.
		open, close := resultPrefix, ")"
		if c.kind == compoundChunk {
			open, close = funcPrefix, "\n}()"
		}
		head = stmtPrefix + at(line-1, starts[line-1]-starts[line-2]) + open
		tail, col1 = close+stmtSuffix, len(stmtPrefix)
	}
	head += at(line, col)
	return head + src[c.start:c.end] + tail, col1, len(head)
}

// chunkSourceBlank is chunkSource laid out as the cell: everything before
// the chunk blanked.
func chunkSourceBlank(src string, c chunk) (text string, col1 int) {
	body := blank(src[:c.start]) + src[c.start:c.end]
	switch c.kind {
	case declChunk:
		return declPrefix + body, len(declPrefix)
	case stmtChunk:
		return stmtPrefix + body + stmtSuffix, len(stmtPrefix)
	case resultChunk:
		return wrapped(src, c, resultPrefix, ")")
	case compoundChunk:
		return wrapped(src, c, funcPrefix, "\n}()")
	}
	return body, 0
}

// wrapped is the source of a chunk inside open and close: open goes at the
// end of the line before the chunk, keeping its columns, or on line 1
// before it.
func wrapped(src string, c chunk, open, close string) (text string, col1 int) {
	pad, code := blank(src[:c.start]), src[c.start:c.end]
	if i := strings.LastIndexByte(pad, '\n'); i >= 0 {
		return stmtPrefix + pad[:i] + open + pad[i:] + code + close + stmtSuffix, len(stmtPrefix)
	}
	return stmtPrefix + open + pad + code + close + stmtSuffix, len(stmtPrefix) + len(open)
}

// dropLineDirectives takes the line directives of chunkSource, the
// comments before pos (where the chunk's code starts), out of f's
// comments, so that none is taken for a doc comment of the code (a
// comment group that is only directives is taken for one when the code
// starts on the line after).
func dropLineDirectives(f *ast.File, pos token.Pos) {
	if len(f.Comments) == 0 || f.Comments[0].Pos() >= pos {
		return
	}
	gone := map[*ast.CommentGroup]bool{}
	groups := f.Comments[:0]
	for _, g := range f.Comments {
		if g.Pos() < pos {
			list := g.List[:0]
			for _, c := range g.List {
				if c.Slash >= pos {
					list = append(list, c)
				}
			}
			g.List = list
			if len(list) == 0 {
				gone[g] = true
				continue
			}
		}
		groups = append(groups, g)
	}
	f.Comments = groups
	if len(gone) == 0 {
		return
	}
	if gone[f.Doc] {
		f.Doc = nil
	}
	ast.Inspect(f, func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.GenDecl:
			if gone[n.Doc] {
				n.Doc = nil
			}
		case *ast.FuncDecl:
			if gone[n.Doc] {
				n.Doc = nil
			}
		case *ast.Field:
			if gone[n.Doc] {
				n.Doc = nil
			}
		case *ast.ValueSpec:
			if gone[n.Doc] {
				n.Doc = nil
			}
		case *ast.TypeSpec:
			if gone[n.Doc] {
				n.Doc = nil
			}
		case *ast.ImportSpec:
			if gone[n.Doc] {
				n.Doc = nil
			}
		}
		return true
	})
}
