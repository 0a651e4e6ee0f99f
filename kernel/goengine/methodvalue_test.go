package goengine

import (
	"fmt"
	"go/token"
	"path"
	"reflect"
	"sort"
	"strings"
	"testing"

	"github.com/culab/culab/kernel/goengine/symbols"
)

// A method value of a preloaded type, in a declaration with its type at
// a cell's top level (the case: "variable definition loop"; see
// the yaegi PATCHES.md, patch 8), and a package-level variable whose
// value reads a variable of an earlier cell.
func TestMethodValueOfPreloadedType(t *testing.T) {
	e := shared(t)
	ok(t, e, "mvDev, _ := cudalib.Open()\nmvBuf, _ := mvDev.Float32s(4)\nmvN := 3")
	for _, c := range []struct{ code, want string }{
		{"var mvLen func() int = mvBuf.Len\nmvLen()", "4"},
		{"var mvTwice = mvN * 2\nmvTwice", "6"},
		{"var mvExpr = (*cudalib.Float32s).Bytes\nmvExpr(mvBuf)", "16"},
		{"var mvFree func() error = mvBuf.Free\nmvFree()", ""},
	} {
		if got := ok(t, e, c.code).result(); got != c.want {
			t.Errorf("%q = %q, want %q", c.code, got, c.want)
		}
	}
}

// A method expression of a cell's type, used as a value, takes the
// receiver first (patch 8: a call of it had "too many input arguments").
func TestMethodExpressionOfCellType(t *testing.T) {
	e := shared(t)
	ok(t, e, "type meT struct{ x int }\nfunc (q meT) Get() int { return q.x }\nfunc (q *meT) Set(v int) { q.x = v }\n"+
		"func meApply(f func(meT) int, v meT) int { return f(v) }")
	for code, want := range map[string]string{
		"meGet := meT.Get\nmeGet(meT{2})":                          "2",
		"meSet := (*meT).Set\nmeP := &meT{}\nmeSet(meP, 5)\nmeP.x": "5",
		"meApply(meT.Get, meT{4})":                                 "4",
	} {
		if got := ok(t, e, code).result(); got != want {
			t.Errorf("%q = %s, want %s", code, got, want)
		}
	}
}

// Every method of every type the engine preloads, as a method value and
// as a method expression, has Go's type in a cell.
func TestMethodValuesOfEveryPreloadedType(t *testing.T) {
	e := shared(t)
	var pkgs []string
	for p := range symbols.Symbols {
		pkgs = append(pkgs, p)
	}
	sort.Strings(pkgs)
	for _, key := range pkgs {
		importPath, name := path.Dir(key), path.Base(key)
		var exprs, want []string
		for sym, v := range symbols.Symbols[key] {
			if !token.IsExported(sym) || v.Kind() != reflect.Pointer || !v.IsNil() {
				continue // a type is given as a nil pointer to it
			}
			typ := v.Type().Elem()
			qual := name + "." + sym
			if typ.Kind() == reflect.Interface {
				for i := range typ.NumMethod() {
					m := typ.Method(i)
					exprs = append(exprs, qual+"."+m.Name)
					want = append(want, methodExprType(typ, m.Type).String())
				}
				continue
			}
			ptr := reflect.PointerTo(typ)
			for i := range ptr.NumMethod() {
				m := ptr.Method(i)
				exprs = append(exprs, "mvPtr_"+sym+"."+m.Name, "(*"+qual+")."+m.Name)
				want = append(want, dropReceiver(m.Type).String(), m.Type.String())
				if vm, ok := typ.MethodByName(m.Name); ok {
					exprs = append(exprs, qual+"."+m.Name)
					want = append(want, vm.Type.String())
				}
			}
		}
		if len(exprs) == 0 {
			continue
		}
		var b strings.Builder
		fmt.Fprintf(&b, "import %s %q\nfunc mvSweep_%s() (types []string) {\n", name, importPath, name)
		for sym, v := range symbols.Symbols[key] {
			if token.IsExported(sym) && v.Kind() == reflect.Pointer && v.IsNil() && v.Type().Elem().Kind() != reflect.Interface {
				fmt.Fprintf(&b, "\tmvPtr_%s := new(%s.%s)\n\t_ = mvPtr_%s\n", sym, name, sym, sym)
			}
		}
		for _, x := range exprs {
			fmt.Fprintf(&b, "\t{\n\t\tf := %s\n\t\ttypes = append(types, fmt.Sprintf(\"%%T\", f))\n\t}\n", x)
		}
		b.WriteString("\treturn types\n}\nstrings.Join(mvSweep_" + name + "(), \"\\n\")")
		r, rep := exec(t, e, b.String())
		if rep.Error != nil {
			t.Errorf("%s: %s\n%s", key, rep.Error.Value, strings.Join(rep.Error.Traceback, "\n"))
			continue
		}
		got := strings.Split(r.result(), "\n")
		t.Logf("%s: %d method values and expressions", key, len(exprs))
		for i, x := range exprs {
			if i >= len(got) || got[i] != want[i] {
				t.Errorf("%s: %s has type %v, want %s", key, x, got[i:min(i+1, len(got))], want[i])
			}
		}
	}
}

// dropReceiver is a method's type without its receiver: its method
// value's type.
func dropReceiver(ft reflect.Type) reflect.Type {
	in := make([]reflect.Type, ft.NumIn()-1)
	for i := range in {
		in[i] = ft.In(i + 1)
	}
	out := make([]reflect.Type, ft.NumOut())
	for i := range out {
		out[i] = ft.Out(i)
	}
	return reflect.FuncOf(in, out, ft.IsVariadic())
}

// methodExprType is the type of the method expression I.M of an
// interface: the method's type with the receiver first.
func methodExprType(recv, ft reflect.Type) reflect.Type {
	in := []reflect.Type{recv}
	for i := range ft.NumIn() {
		in = append(in, ft.In(i))
	}
	out := make([]reflect.Type, ft.NumOut())
	for i := range out {
		out[i] = ft.Out(i)
	}
	return reflect.FuncOf(in, out, ft.IsVariadic())
}
