package interp_test

import (
	"bytes"
	"testing"

	"github.com/traefik/yaegi/interp"
	"github.com/traefik/yaegi/stdlib"
)

// evalMain runs src, a program of package main, and returns its output.
func evalMain(t *testing.T, src string) string {
	t.Helper()
	var out bytes.Buffer
	i := interp.New(interp.Options{Stdout: &out, Stderr: &out})
	if err := i.Use(stdlib.Symbols); err != nil {
		t.Fatal(err)
	}
	if _, err := i.Eval(src); err != nil {
		t.Fatalf("%v\n%s", err, out.String())
	}
	return out.String()
}

// culab patch 93: an expression of untyped constants has its operands'
// type, not that of what it is assigned to, and comparisons, && and || of
// constants are constants.
func TestUntypedConstExpressions(t *testing.T) {
	src := `package main

import "fmt"

type level int

const (
	lo level = iota
	hi
)

const (
	a = 1 / 2 * 2.0
	b = 2.0 * (1 / 2)
	e = 5 == 5
	f = 5.0 == 5
	s = "abc" < "abd"
	g = f && 'a' < 'b' || false
)

type B bool

func half() float64 { return 1 / 2 }

func main() {
	const x int8 = 5
	const c = 1 / 2 * 2.0
	const typed = x == 5 && lo < hi
	const logic = false || 'a' == 97 && 0.1+0.2 == 0.3
	var v float64 = 1 / 2
	var bb B = 3 > 2 && true
	fmt.Println(a, b, c, v, half(), 7/2*2.0)
	fmt.Println(e, f, s, typed, logic, bb, 0.1+0.2 == 0.3, g)
	if true && 1 < 2 {
		fmt.Println("constant condition")
	}
	switch {
	case 1 > 2, !(2 > 1), false && true:
		fmt.Println("constant false case")
	case !e:
		fmt.Println("constant false case")
	default:
		fmt.Println("default")
	}
	for i := 0; 1 > 2; i++ {
		fmt.Println("constant false loop")
		break
	}
	n := 0
	for n < 3 && true {
		n++
	}
	fmt.Printf("%T %T %d\n", 'a'+1, 1.0<<3, n)
}
`
	want := "0 0 0 0 0 6\ntrue true true true true true true true\nconstant condition\ndefault\nint32 int 3\n"
	if got := evalMain(t, src); got != want {
		t.Errorf("got:\n%swant:\n%s", got, want)
	}
}
