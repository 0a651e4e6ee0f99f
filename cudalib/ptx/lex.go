package ptx

import (
	"fmt"
	"strings"
	"unicode/utf8"
)

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

func isLetter(c byte) bool { return c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' }
func isDigit(c byte) bool  { return c >= '0' && c <= '9' }
func isIdentChar(c byte) bool {
	return isLetter(c) || isDigit(c) || c == '_' || c == '$'
}

// lexer produces the tokens of a source one at a time, dropping white
// space and comments. After an error it sets err and returns EOF tokens, so
// that the parser stops; Parse then reports err, the first cause.
type lexer struct {
	name           string
	src            string
	i              int
	line, lineFrom int // current line and the offset where it starts
	err            error
}

func (l *lexer) errAt(at int, format string, args ...any) {
	l.err = &Error{File: l.name, Line: l.line, Col: at - l.lineFrom + 1, Msg: fmt.Sprintf(format, args...)}
}

func (l *lexer) eof() token {
	return token{kind: tEOF, off: len(l.src), line: int32(l.line), col: int32(l.i - l.lineFrom + 1)}
}

func (l *lexer) next() token {
	if l.err != nil {
		return l.eof()
	}
	src := l.src
	i := l.i
	for i < len(src) {
		c := src[i]
		switch {
		case c == '\n':
			i++
			l.line, l.lineFrom = l.line+1, i
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
			n := strings.Index(src[i+2:], "*/")
			if n < 0 {
				l.errAt(i, "comment not terminated (missing */)")
				l.i = len(src)
				return l.eof()
			}
			end := i + 2 + n + 2
			for ; i < end; i++ {
				if src[i] == '\n' {
					l.line, l.lineFrom = l.line+1, i+1
				}
			}
			continue
		}
		break
	}
	l.i = i
	if i >= len(src) {
		return l.eof()
	}
	t := token{off: i, line: int32(l.line), col: int32(i - l.lineFrom + 1)}
	c := src[i]
	start := i
	switch {
	case isLetter(c) || c == '_' || c == '$' || c == '%':
		// Dotted segments belong to the identifier: opcodes with their
		// modifiers ("ld.global.f32", "ld.global.L1::no_allocate.f32") and
		// special registers ("%tid.x").
		i++
		for i < len(src) {
			if isIdentChar(src[i]) {
				i++
			} else if src[i] == '.' && i+1 < len(src) && isIdentChar(src[i+1]) {
				i += 2
			} else if src[i] == ':' && i+2 < len(src) && src[i+1] == ':' && isIdentChar(src[i+2]) && strings.IndexByte(src[start:i], '.') > 0 {
				i += 3
			} else {
				break
			}
		}
		if c == '%' && i == start+1 {
			l.errAt(start, "expected a register name after %%")
			return l.eof()
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
		// A decimal exponent's sign: "1.5e-3" (never in a 0x/0f/0d form).
		if (src[i-1] == 'e' || src[i-1] == 'E') && i < len(src) && (src[i] == '+' || src[i] == '-') &&
			!(i > start+1 && src[start] == '0' && isLetter(src[start+1])) {
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
			l.errAt(start, "string not terminated")
			return l.eof()
		}
		i++
		t.kind = tStr
	default:
		switch c {
		case '{', '}', '(', ')', '[', ']', ',', ';', ':', '+', '-', '!', '@', '<', '>', '=', '|':
			i++
			t.kind = tPunct
		default:
			r, _ := utf8.DecodeRuneInString(src[start:])
			l.errAt(start, "unexpected character %q", r)
			return l.eof()
		}
	}
	t.text = src[start:i]
	l.i = i
	return t
}
