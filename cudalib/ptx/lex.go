package ptx

import "fmt"

type tokKind uint8

const (
	tEOF   tokKind = iota
	tIdent         // ld.global.f32, %r1, %tid.x, $L__BB0_2, _Z3fooi, _
	tDir           // .reg, .b32, .entry
	tNum           // 42, 0x1F, 0f3F800000, 7.8
	tStr           // "nounroll" (with its quotes)
	tPunct         // one of { } ( ) [ ] , ; : + - ! @ < > = |
)

type token struct {
	kind tokKind
	text string // a substring of the source
	off  int    // byte offset in the source
	line int32
	col  int32
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

func isLetter(c byte) bool { return c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' }
func isDigit(c byte) bool  { return c >= '0' && c <= '9' }
func isIdentChar(c byte) bool {
	return isLetter(c) || isDigit(c) || c == '_' || c == '$'
}

// lex splits src into tokens, dropping whitespace and comments. The whole
// file is tokenized up front: the parser needs a token of lookahead (a label
// is an identifier followed by ':'), and a slice makes that free.
func lex(name, src string) ([]token, error) {
	toks := make([]token, 0, len(src)/5+1)
	line, lineStart := 1, 0
	i := 0
	errAt := func(at int, format string, args ...any) error {
		return &Error{File: name, Line: line, Col: at - lineStart + 1, Msg: fmt.Sprintf(format, args...)}
	}
	for i < len(src) {
		c := src[i]
		switch {
		case c == '\n':
			i++
			line, lineStart = line+1, i
			continue
		case c == ' ' || c == '\t' || c == '\r' || c == '\f' || c == '\v':
			i++
			continue
		case c == '/' && i+1 < len(src) && src[i+1] == '/':
			for i < len(src) && src[i] != '\n' {
				i++
			}
			continue
		case c == '/' && i+1 < len(src) && src[i+1] == '*':
			startLine, startCol := line, i-lineStart+1
			i += 2
			for {
				if i+1 >= len(src) {
					return nil, &Error{File: name, Line: startLine, Col: startCol, Msg: "comment not terminated (missing */)"}
				}
				if src[i] == '*' && src[i+1] == '/' {
					i += 2
					break
				}
				if src[i] == '\n' {
					line, lineStart = line+1, i+1
				}
				i++
			}
			continue
		}
		t := token{off: i, line: int32(line), col: int32(i - lineStart + 1)}
		start := i
		switch {
		case isLetter(c) || c == '_' || c == '$' || c == '%':
			// Dotted segments belong to the identifier: opcodes with their
			// modifiers ("ld.global.f32") and special registers ("%tid.x").
			i++
			for i < len(src) {
				if isIdentChar(src[i]) {
					i++
				} else if src[i] == '.' && i+1 < len(src) && isIdentChar(src[i+1]) {
					i += 2
				} else {
					break
				}
			}
			if c == '%' && i == start+1 {
				return nil, errAt(start, "expected a register name after %%")
			}
			t.kind = tIdent
		case c == '.' && i+1 < len(src) && (isLetter(src[i+1]) || src[i+1] == '_'):
			i++
			for i < len(src) && isIdentChar(src[i]) {
				i++
			}
			t.kind = tDir
		case isDigit(c):
			i++
			for i < len(src) && (isIdentChar(src[i]) || src[i] == '.') {
				i++
			}
			// A decimal exponent's sign: "1.5e-3" (never in a hex form).
			if (src[i-1] == 'e' || src[i-1] == 'E') && i < len(src) && (src[i] == '+' || src[i] == '-') &&
				!(len(src) > start+1 && src[start] == '0' && isLetter(src[start+1])) {
				i++
				for i < len(src) && isDigit(src[i]) {
					i++
				}
			}
			t.kind = tNum
		case c == '"':
			i++
			for i < len(src) && src[i] != '"' && src[i] != '\n' {
				if src[i] == '\\' && i+1 < len(src) && src[i+1] != '\n' {
					i++
				}
				i++
			}
			if i >= len(src) || src[i] != '"' {
				return nil, errAt(start, "string not terminated")
			}
			i++
			t.kind = tStr
		default:
			switch c {
			case '{', '}', '(', ')', '[', ']', ',', ';', ':', '+', '-', '!', '@', '<', '>', '=', '|':
				i++
				t.kind = tPunct
			default:
				return nil, errAt(start, "unexpected character %q", rune(c))
			}
		}
		t.text = src[start:i]
		toks = append(toks, t)
	}
	toks = append(toks, token{kind: tEOF, off: len(src), line: int32(line), col: int32(len(src) - lineStart + 1)})
	return toks, nil
}
