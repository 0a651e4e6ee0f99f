package goengine

import (
	"fmt"
	"go/ast"
	"io"
	"strings"
)

// Go's builtin print and println write to standard error; yaegi v0.16.1
// writes them to the interpreter's stdout (and puts spaces between print's
// operands). Calls of the builtins are therefore rewritten to call
// __culab.Print and __culab.Println, which write to the cell's stderr.

// printToStderr rewrites, in place, the calls in node of the builtins
// print and println: names that the chunk or an earlier cell declares are
// left alone.
func (s *session) printToStderr(node ast.Node) {
	ast.Inspect(node, func(n ast.Node) bool {
		call, ok := n.(*ast.CallExpr)
		if !ok {
			return true
		}
		id, ok := call.Fun.(*ast.Ident)
		if !ok || (id.Name != "print" && id.Name != "println") || id.Obj != nil || s.decls[id.Name].kind != "" {
			return true
		}
		hook := "Print"
		if id.Name == "println" {
			hook = "Println"
		}
		call.Fun = &ast.SelectorExpr{
			X:   &ast.Ident{NamePos: id.NamePos, Name: "__culab"},
			Sel: &ast.Ident{NamePos: id.NamePos, Name: hook},
		}
		return true
	})
}

// builtinPrint is what print (sep "") and println (sep " ", a newline
// after) write to w, in one write. Operands are formatted with %v, not as
// the Go runtime does (it writes floats as +1.500000e+000).
func builtinPrint(w io.Writer, sep, end string, a []any) {
	var b strings.Builder
	for i, v := range a {
		if i > 0 {
			b.WriteString(sep)
		}
		fmt.Fprintf(&b, "%v", v)
	}
	b.WriteString(end)
	io.WriteString(w, b.String())
}
