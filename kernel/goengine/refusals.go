package goengine

import (
	"fmt"
	"go/ast"
	"go/constant"
	"go/token"
	"strings"
)

// Declarations that the Go compiler refuses and the interpreter does not:
// it crashed on them, taking the engine and the notebook's variables with
// it. They are refused as Go refuses them, before anything of the cell
// runs.

// maxConstShift is the largest count of a constant shift that Go accepts
// (types2's shiftBound: 1023 - 1 + 52). The interpreter computed
// 1 << 100000000000 until the process ran out of memory.
const maxConstShift = 1023 - 1 + 52

// refusal is an error at a position of a parsed chunk.
type refusal struct {
	pos token.Pos
	msg string
}

// constShift finds a shift of a constant by a constant count past
// maxConstShift in node.
func constShift(node ast.Node) *refusal {
	var found *refusal
	ast.Inspect(node, func(n ast.Node) bool {
		if found != nil {
			return false
		}
		var x, y ast.Expr
		switch n := n.(type) {
		case *ast.BinaryExpr:
			if n.Op != token.SHL {
				return true
			}
			x, y = n.X, n.Y
		default:
			return true
		}
		if !literalConst(x) {
			return true
		}
		if c, ok := intLiteral(y); ok && constant.Compare(c, token.GTR, constant.MakeInt64(maxConstShift)) {
			found = &refusal{y.Pos(), fmt.Sprintf("invalid operation: invalid shift count %s (untyped int constant): Go allows at most %d for a constant", c.ExactString(), maxConstShift)}
		}
		return true
	})
	return found
}

// literalConst reports whether e is a literal number, perhaps signed or
// parenthesized: a constant whatever the notebook declares.
func literalConst(e ast.Expr) bool {
	switch e := e.(type) {
	case *ast.BasicLit:
		return e.Kind == token.INT || e.Kind == token.FLOAT || e.Kind == token.CHAR
	case *ast.ParenExpr:
		return literalConst(e.X)
	case *ast.UnaryExpr:
		return (e.Op == token.SUB || e.Op == token.ADD || e.Op == token.XOR) && literalConst(e.X)
	}
	return false
}

// intLiteral is the value of an integer literal, perhaps parenthesized.
func intLiteral(e ast.Expr) (constant.Value, bool) {
	switch e := e.(type) {
	case *ast.BasicLit:
		if e.Kind != token.INT {
			return nil, false
		}
		v := constant.MakeFromLiteral(e.Value, e.Kind, 0)
		return v, v.Kind() == constant.Int
	case *ast.ParenExpr:
		return intLiteral(e.X)
	}
	return nil, false
}

// recursiveType finds a type among specs (those of one scope) that holds
// itself by value, through struct fields and array elements, as Go's
// "invalid recursive type" (type T struct{ t T } overflowed the
// interpreter's stack: a fatal error).
func recursiveType(specs []*ast.TypeSpec) *refusal {
	byName := map[string]*ast.TypeSpec{}
	for _, s := range specs {
		byName[s.Name.Name] = s
	}
	state := map[string]int{} // 1: being walked, 2: done
	var path []string
	var walk func(e ast.Expr) *refusal
	visit := func(s *ast.TypeSpec) *refusal {
		switch state[s.Name.Name] {
		case 1:
			i := 0
			for path[i] != s.Name.Name {
				i++
			}
			cycle := append(append([]string{}, path[i:]...), s.Name.Name)
			msg := "invalid recursive type: " + s.Name.Name + " refers to itself"
			if len(cycle) > 2 {
				msg = "invalid recursive type " + s.Name.Name + ": " + strings.Join(cycle, " refers to ")
			}
			return &refusal{s.Name.Pos(), msg + " (a value of it would hold itself without end; a pointer, slice or map field may refer to it)"}
		case 2:
			return nil
		}
		state[s.Name.Name] = 1
		path = append(path, s.Name.Name)
		r := walk(s.Type)
		path = path[:len(path)-1]
		state[s.Name.Name] = 2
		return r
	}
	walk = func(e ast.Expr) *refusal {
		switch e := e.(type) {
		case *ast.Ident:
			if s, ok := byName[e.Name]; ok {
				return visit(s)
			}
		case *ast.ParenExpr:
			return walk(e.X)
		case *ast.IndexExpr:
			return walk(e.X)
		case *ast.IndexListExpr:
			return walk(e.X)
		case *ast.ArrayType:
			if e.Len != nil { // a slice holds a pointer
				return walk(e.Elt)
			}
		case *ast.StructType:
			for _, f := range e.Fields.List {
				if r := walk(f.Type); r != nil {
					return r
				}
			}
		}
		return nil // pointers, slices, maps, channels, functions, interfaces
	}
	for _, s := range specs {
		if s.Assign.IsValid() {
			continue // an alias: Go refuses a cycle of aliases itself
		}
		if r := visit(s); r != nil {
			return r
		}
	}
	return nil
}

// localRecursiveType checks the type declarations of each block in node.
func localRecursiveType(node ast.Node) *refusal {
	var found *refusal
	ast.Inspect(node, func(n ast.Node) bool {
		b, ok := n.(*ast.BlockStmt)
		if !ok || found != nil {
			return found == nil
		}
		var specs []*ast.TypeSpec
		for _, st := range b.List {
			if ds, ok := st.(*ast.DeclStmt); ok {
				specs = append(specs, typeSpecs(ds.Decl)...)
			}
		}
		found = recursiveType(specs)
		return found == nil
	})
	return found
}

// typeSpecs are the type specs of a declaration.
func typeSpecs(d ast.Decl) []*ast.TypeSpec {
	gd, ok := d.(*ast.GenDecl)
	if !ok || gd.Tok != token.TYPE {
		return nil
	}
	var out []*ast.TypeSpec
	for _, s := range gd.Specs {
		if ts, ok := s.(*ast.TypeSpec); ok {
			out = append(out, ts)
		}
	}
	return out
}

// instantiationCycle finds a generic function or type in node that
// instantiates itself with a type argument built from its own type
// parameters (GF[[]T] inside GF[T]): Go refuses it ("instantiation
// cycle"); the interpreter instantiated []T, [][]T, ... without end, deaf
// to interrupts, its memory growing by gigabytes.
func instantiationCycle(node ast.Node) *refusal {
	var found *refusal
	check := func(name string, params *ast.FieldList, body ast.Node) {
		if params == nil || body == nil || found != nil {
			return
		}
		tparams := map[string]bool{}
		for _, f := range params.List {
			for _, n := range f.Names {
				tparams[n.Name] = true
			}
		}
		ast.Inspect(body, func(n ast.Node) bool {
			if found != nil {
				return false
			}
			var x ast.Expr
			var args []ast.Expr
			switch n := n.(type) {
			case *ast.IndexExpr:
				x, args = n.X, []ast.Expr{n.Index}
			case *ast.IndexListExpr:
				x, args = n.X, n.Indices
			default:
				return true
			}
			if id, ok := x.(*ast.Ident); !ok || id.Name != name {
				return true
			}
			for _, a := range args {
				if _, plain := a.(*ast.Ident); !plain && mentions(a, tparams) {
					found = &refusal{a.Pos(), fmt.Sprintf("instantiation cycle: %s instantiates itself with a type argument made of its own type parameters, which would grow without end", name)}
					return false
				}
			}
			return true
		})
	}
	ast.Inspect(node, func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.FuncDecl:
			if n.Recv == nil && n.Body != nil {
				check(n.Name.Name, n.Type.TypeParams, n.Body)
			}
		case *ast.TypeSpec:
			check(n.Name.Name, n.TypeParams, n.Type)
		}
		return found == nil
	})
	return found
}

// mentions reports whether e names one of names.
func mentions(e ast.Expr, names map[string]bool) bool {
	found := false
	ast.Inspect(e, func(n ast.Node) bool {
		if id, ok := n.(*ast.Ident); ok && names[id.Name] {
			found = true
		}
		return !found
	})
	return found
}
