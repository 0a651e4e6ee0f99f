package interp_test

import "testing"

// culab patch 98: a comparison or a unary operation returned as a result
// of an interface type.
func TestOperationToInterfaceResult(t *testing.T) {
	src := `package main

import "fmt"

type B bool

func less(a, b int) B { return a < b }

func anyCmp(a int) any { return a > 1 }

func two(a string) (any, error) { return a == "x", nil }

func not(b bool) any { return !b }

func neg(a int) any { return -a }

func add(a int) any { return a + 1 }

func main() {
	f := func(x float64) interface{} { return x >= 0.5 }
	v, err := two("x")
	fmt.Println(less(1, 2), anyCmp(5), anyCmp(0), v, err, f(0.7), not(true), neg(3), add(3))
	fmt.Printf("%T %T %T %T\n", anyCmp(1), less(2, 1), v, neg(1))
}
`
	want := "true true false true <nil> true false -3 4\nbool main.B bool int\n"
	if got := evalMain(t, src); got != want {
		t.Errorf("got:\n%swant:\n%s", got, want)
	}
}
