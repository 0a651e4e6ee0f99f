package goengine

import (
	"fmt"
	"go/parser"
	"go/scanner"
	"go/token"
	"strings"
	"testing"
)

func TestSplitCell(t *testing.T) {
	names := map[chunkKind]string{declChunk: "decl", stmtChunk: "stmt", compoundChunk: "block", fileChunk: "file", resultChunk: "result"}
	for _, c := range []struct {
		src  string
		want string
	}{
		{"", ""},
		{"x := 1", "stmt"},
		{"x", "result"},
		{`fmt.Println("x")`, "stmt"},
		{"a := 1; b := 2\na + b", "stmt stmt result"},
		{"import \"fmt\"\n\n// f is f.\nfunc f() {}\ntype T int\nx := f\nimport \"os\"\nvar v = 1", "decl stmt decl"},
		{"for i := 0; i < 3; i++ {\n\tx++\n}\nx", "block result"},
		{"if v := f(); v > 0 {\n} else if w := 2; w > 1 {\n}", "block"},
		{"switch {\n}\nL:\nfor {\n\tbreak L\n}\n{\n}", "block block block"},
		{"func (r T) M() int { return 1 }\nfunc() {}()", "decl result"},
		{"package main\nfunc main() {}", "file"},
	} {
		var got []string
		for _, ch := range splitCell(c.src) {
			got = append(got, names[ch.kind])
		}
		if strings.Join(got, " ") != c.want {
			t.Errorf("splitCell(%q) = %v, want %s", c.src, got, c.want)
		}
	}
}

// Each chunk's source puts its code where it is in the cell: the same
// identifiers at the same lines and columns (line 1 shifted by col1).
func TestChunkSourceKeepsPositions(t *testing.T) {
	src := "import \"fmt\"\n\nx := 1\n\tfunc g() {}\ny := x +\n\t1\nfor i := range x {\n\ty += i\n}\nx*y"
	type ident struct {
		name      string
		line, col int
	}
	idents := func(text string, skip map[string]bool) []ident {
		fset := token.NewFileSet()
		file := fset.AddFile("", fset.Base(), len(text))
		var s scanner.Scanner
		s.Init(file, []byte(text), nil, 0)
		var out []ident
		for {
			pos, tok, lit := s.Scan()
			if tok == token.EOF {
				return out
			}
			if tok == token.IDENT && !skip[lit] {
				p := fset.Position(pos)
				out = append(out, ident{lit, p.Line, p.Column})
			}
		}
	}
	for _, ch := range splitCell(src) {
		text, col1, _ := chunkSource(src, lineStarts(src), ch)
		if _, err := parser.ParseFile(token.NewFileSet(), "", text, 0); err != nil {
			t.Fatalf("chunk %q: %v", text, err)
		}
		want := idents(blank(src[:ch.start])+src[ch.start:ch.end], nil)
		for i := range want {
			if want[i].line == 1 {
				want[i].col += col1
			}
		}
		got := idents(text, map[string]bool{"main": true, "__culab": true, "Result": true})
		if ch.kind == compoundChunk && !strings.Contains(text, funcPrefix) {
			t.Errorf("block chunk %q not in a func literal", text)
		}
		if fmt.Sprint(got) != fmt.Sprint(want) {
			t.Errorf("chunk %q:\n got %v\nwant %v", src[ch.start:ch.end], got, want)
		}
	}
}
