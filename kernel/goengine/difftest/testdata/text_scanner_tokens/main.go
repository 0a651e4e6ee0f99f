package main

import (
	"fmt"
	"strings"
	"text/scanner"
)

func main() {
	src := `// launch config
grid := dim3(128, 1, 1) /* block */ x = 3.5e2 + 'c' - "str\n"`
	var s scanner.Scanner
	s.Init(strings.NewReader(src))
	s.Filename = "cfg"
	for tok := s.Scan(); tok != scanner.EOF; tok = s.Scan() {
		fmt.Printf("%s\t%s\t%q\n", s.Position, scanner.TokenString(tok), s.TokenText())
	}

	var t scanner.Scanner
	t.Init(strings.NewReader("a // kept\nb"))
	t.Mode ^= scanner.SkipComments
	for tok := t.Scan(); tok != scanner.EOF; tok = t.Scan() {
		fmt.Printf("%d:%q ", t.Line, t.TokenText())
	}
	fmt.Println()
	var e scanner.Scanner
	e.Init(strings.NewReader(`"unterminated`))
	var errs []string
	e.Error = func(_ *scanner.Scanner, msg string) { errs = append(errs, msg) }
	for tok := e.Scan(); tok != scanner.EOF; tok = e.Scan() {
	}
	fmt.Println(errs, e.ErrorCount)
}
