package main

import (
	"fmt"
	"strings"
)

type lexer struct {
	input  string
	pos    int
	tokens []string
}

type stateFn func(*lexer) stateFn

func lexText(l *lexer) stateFn {
	start := l.pos
	for l.pos < len(l.input) && l.input[l.pos] != '{' {
		l.pos++
	}
	if l.pos > start {
		l.tokens = append(l.tokens, "text:"+l.input[start:l.pos])
	}
	if l.pos >= len(l.input) {
		return nil
	}
	return lexAction
}

func lexAction(l *lexer) stateFn {
	end := strings.IndexByte(l.input[l.pos:], '}')
	if end < 0 {
		l.tokens = append(l.tokens, "error:unclosed")
		return nil
	}
	l.tokens = append(l.tokens, "action:"+l.input[l.pos+1:l.pos+end])
	l.pos += end + 1
	return lexText
}

type visitor func(n int) visitor

func main() {
	l := &lexer{input: "a{b}cd{e}{f"}
	for state := stateFn(lexText); state != nil; {
		state = state(l)
	}
	fmt.Println(strings.Join(l.tokens, " "))
	var count visitor
	total := 0
	count = func(n int) visitor {
		total += n
		if n == 0 {
			return nil
		}
		return count
	}
	v := count
	for _, n := range []int{1, 2, 3, 0, 5} {
		if v = v(n); v == nil {
			break
		}
	}
	fmt.Println(total)
}
