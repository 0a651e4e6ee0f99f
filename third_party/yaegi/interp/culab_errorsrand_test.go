package interp_test

import "testing"

// culab patch 96: errors.AsType (Go 1.26) and math/rand/v2's N, generic
// functions of the standard library, are source packages next to the
// compiled ones.
func TestErrorsAsTypeRandN(t *testing.T) {
	src := `package main

import (
	"errors"
	"fmt"
	"io/fs"
	oldrand "math/rand"
	"math/rand/v2"
	"time"
)

type notFound struct{ key string }

func (e *notFound) Error() string { return "not found: " + e.key }

type temporary interface {
	error
	Temporary() bool
}

type timeout struct{}

func (timeout) Error() string   { return "timeout" }
func (timeout) Temporary() bool { return true }

type code uint8

func main() {
	err := fmt.Errorf("lookup: %w", errors.Join(&notFound{"k"}, timeout{}))
	nf, ok := errors.AsType[*notFound](err)
	fmt.Println(nf.key, ok)
	tmp, ok := errors.AsType[temporary](err)
	fmt.Println(tmp.Temporary(), ok)
	_, ok = errors.AsType[*fs.PathError](err)
	_, ok2 := errors.AsType[*notFound](nil)
	fmt.Println(ok, ok2, errors.Is(err, err), errors.New("x"))
	d := rand.N(10 * time.Second)
	fmt.Println(d >= 0 && d < 10*time.Second, rand.N(code(3)) < 3, rand.IntN(5) < 5)
	fmt.Println(rand.New(rand.NewPCG(1, 2)).IntN(100), oldrand.New(oldrand.NewSource(42)).Intn(100))
}
`
	want := "k true\ntrue true\nfalse false true x\ntrue true true\n76 5\n"
	if got := evalMain(t, src); got != want {
		t.Errorf("got:\n%swant:\n%s", got, want)
	}
}
