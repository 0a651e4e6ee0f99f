// culab patch 27: errors of cell types in the errors package (Unwrap, Is,
// As, errors.As with targets of cell types), error(v), comparisons of
// interface values, type assertions and their run-time errors.
package main

import (
	"errors"
	"fmt"
	"io"
	"strconv"
)

type NotFound struct{ Name string }

func (e *NotFound) Error() string { return e.Name + " not found" }

type Wrapped struct {
	Op  string
	Err error
}

func (w Wrapped) Error() string { return w.Op + ": " + w.Err.Error() }
func (w Wrapped) Unwrap() error { return w.Err }

type Multi []error

func (m Multi) Error() string   { return fmt.Sprint(len(m), " errors") }
func (m Multi) Unwrap() []error { return m }

type Code int

func (c Code) Error() string { return "code " + strconv.Itoa(int(c)) }
func (c Code) Is(target error) bool {
	t, ok := target.(Code)
	return ok && (t == 0 || t == c)
}

type Temporary interface{ Temporary() bool }

type flaky struct{}

func (flaky) Error() string   { return "flaky" }
func (flaky) Temporary() bool { return true }

var ErrMissing = &NotFound{"sentinel"}

func main() {
	err := fmt.Errorf("load: %w", Wrapped{"open", &NotFound{"cfg"}})
	var nf *NotFound
	fmt.Println(errors.As(err, &nf), nf.Name)
	var w Wrapped
	fmt.Println(errors.As(err, &w), w.Op)
	fmt.Println(errors.Unwrap(errors.Unwrap(err)) == error(nil))
	fmt.Println(errors.Is(Wrapped{"x", io.EOF}, io.EOF))
	m := Multi{io.ErrUnexpectedEOF, Wrapped{"read", flaky{}}}
	var tmp Temporary
	fmt.Println(errors.Is(m, io.ErrUnexpectedEOF), errors.As(m, &tmp), tmp.Temporary())
	fmt.Println(errors.Is(fmt.Errorf("w: %w", Code(3)), Code(0)), errors.Is(Code(3), Code(4)))
	var c Code
	fmt.Println(errors.As(fmt.Errorf("w: %w", Code(5)), &c), int(c))
	var ne *strconv.NumError
	_, perr := strconv.Atoi("z")
	fmt.Println(errors.As(Wrapped{"parse", perr}, &ne), ne.Func)
	e2 := error(ErrMissing)
	fmt.Println(e2 == ErrMissing, errors.Is(e2, ErrMissing))

	var e error = Wrapped{"op", io.EOF}
	if u, ok := e.(interface{ Unwrap() error }); ok {
		fmt.Println("unwraps to", u.Unwrap())
	}
	_, ok := e.(fmt.Stringer)
	fmt.Println("stringer", ok)
	if ww, ok := e.(Wrapped); ok {
		fmt.Println("wrapped", ww.Op)
	}
	_, ok = e.(*NotFound)
	fmt.Println("notfound", ok)

	for _, f := range []func(){
		func() { panic(Code(7)) },
		func() { panic(&NotFound{"p"}) },
		func() { var x any = "s"; _ = x.(int) },
		func() { var x any; _ = x.(int) },
		func() { var x any = 1; _ = x.(fmt.Stringer) },
		func() { var e error = Code(1); _ = e.(*NotFound) },
	} {
		func() {
			defer func() {
				switch r := recover().(type) {
				case Code:
					fmt.Println("Code", int(r))
				case *NotFound:
					fmt.Println("NotFound", r.Name)
				case error:
					fmt.Println("error", r)
				}
			}()
			f()
		}()
	}
}

// Output:
// true cfg
// true open
// false
// true
// true true true
// true false
// true 5
// true Atoi
// true true
// unwraps to EOF
// stringer false
// wrapped op
// notfound false
// Code 7
// NotFound p
// error interface conversion: interface {} is string, not int
// error interface conversion: interface {} is nil, not int
// error interface conversion: int is not fmt.Stringer: missing method String
// error interface conversion: error is main.Code, not *main.NotFound
