// culab patch 22: a type switch matches the dynamic type of its operand,
// however the interpreter holds it (a compiled error, a cell value in an any
// or behind a compiled interface), by one rule for clauses of one type, of
// several types and without a variable.
package main

import (
	"errors"
	"fmt"
	"time"
)

type Shape interface{ Area() float64 }

type Sq struct{ s float64 }

func (q Sq) Area() float64  { return q.s * q.s }
func (q Sq) String() string { return fmt.Sprint("Sq", q.s) }

type E struct{ m string }

func (e *E) Error() string { return "E:" + e.m }

type Named interface{ Name() string }

type N int

func (n N) Name() string { return fmt.Sprint("N", int(n)) }

func one(v any) string {
	switch x := v.(type) {
	case error:
		return "error " + x.Error()
	}
	return "-"
}

func oneS(v any) string {
	switch x := v.(type) {
	case fmt.Stringer:
		return "stringer " + x.String()
	}
	return "-"
}

func oneShape(v any) string {
	switch x := v.(type) {
	case Shape:
		return fmt.Sprint("shape ", x.Area())
	}
	return "-"
}

func multi(v any) string {
	switch x := v.(type) {
	case nil:
		return "nil"
	case int, string:
		return fmt.Sprint("int/string ", x)
	case Shape, Named:
		return fmt.Sprint("shape/named")
	case error, fmt.Stringer:
		_ = x
		return "err/str"
	case *E:
		return "E " + x.m
	}
	return "-"
}

func noassign(v any) string {
	switch v.(type) {
	case nil:
		return "nil"
	case error:
		return "error"
	case fmt.Stringer:
		return "stringer"
	case Shape:
		return "shape"
	case Named:
		return "named"
	case int:
		return "int"
	}
	return "-"
}

func fromErr(err error) string {
	switch x := err.(type) {
	case nil:
		return "nil"
	case *E:
		return "E " + x.m
	case fmt.Stringer:
		return "str"
	default:
		return "other " + x.Error()
	}
}

func fromShape(s Shape) string {
	switch x := s.(type) {
	case Sq:
		return fmt.Sprint("Sq ", x.s)
	case fmt.Stringer:
		return "stringer"
	case nil:
		return "nil"
	}
	return "-"
}

func main() {
	vals := []any{nil, 1, "s", fmt.Errorf("bad"), errors.New("x"), &E{"m"}, Sq{2}, N(3), time.Second, 2.5}
	for _, v := range vals {
		fmt.Println(one(v), "|", oneS(v), "|", oneShape(v), "|", multi(v), "|", noassign(v))
	}
	fmt.Println(fromErr(nil), fromErr(&E{"q"}), fromErr(errors.New("z")))
	fmt.Println(fromShape(nil), fromShape(Sq{3}))
}

// Output:
// - | - | - | nil | nil
// - | - | - | int/string 1 | int
// - | - | - | int/string s | -
// error bad | - | - | err/str | error
// error x | - | - | err/str | error
// error E:m | - | - | err/str | error
// - | stringer Sq2 | shape 4 | shape/named | stringer
// - | - | - | shape/named | named
// - | stringer 1s | - | err/str | stringer
// - | - | - | - | -
// nil E q other z
// nil Sq 3
