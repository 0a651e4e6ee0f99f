package interp_test

import "testing"

// culab patches 132 and 133: a value of a cell interface type given to a
// compiled function for a compiled interface parameter, and a literal of
// a slice, map or array type assigned to a cell interface.
func TestCellInterfaceToCompiledParam(t *testing.T) {
	got := evalMain(t, `package main

import (
	"errors"
	"fmt"
	"io"
	"sort"
	"strings"
)

type RC interface {
	io.Reader
	Close() error
}

type ur struct{ r io.Reader }

func (u *ur) Read(p []byte) (int, error) { return u.r.Read(p) }
func (u *ur) Close() error               { return nil }

type Sorter interface {
	sort.Interface
	Name() string
}

type ints []int

func (x ints) Len() int           { return len(x) }
func (x ints) Less(i, j int) bool { return x[i] < x[j] }
func (x ints) Swap(i, j int)      { x[i], x[j] = x[j], x[i] }
func (x ints) Name() string       { return "ints" }

type Lener interface{ Len() int }
type m map[string]int

func (x m) Len() int { return len(x) }

type E interface {
	error
	Code() int
}
type coded int

func (c coded) Error() string { return fmt.Sprint("coded", int(c)) }
func (c coded) Code() int     { return int(c) }

func main() {
	var rc RC = &ur{strings.NewReader("hi")}
	b, err := io.ReadAll(rc)
	fmt.Println(string(b), err)
	var rc2 RC = io.NopCloser(strings.NewReader("compiled"))
	b, _ = io.ReadAll(rc2)
	fmt.Println(string(b))
	var s Sorter = ints{3, 1, 2}
	sort.Sort(s)
	fmt.Println(s, s.Name(), sort.IsSorted(s))
	var l Lener = m{"a": 1}
	fmt.Println(l.Len())
	l = ints{1, 2}
	fmt.Println(l.Len())
	var e E = coded(4)
	w := fmt.Errorf("w: %w", e)
	fmt.Println(w, errors.Is(w, coded(4)))
}
`)
	if want := "hi <nil>\ncompiled\n[1 2 3] ints true\n1\n2\nw: coded4 true\n"; got != want {
		t.Errorf("got:\n%swant:\n%s", got, want)
	}
}

// culab patches 134 to 136: fmt of cell values of kind string among other
// operands, and of cell values in compiled interfaces; assertions of
// those to other interfaces.
func TestCellValueInCompiledInterface(t *testing.T) {
	got := evalMain(t, `package main

import (
	"fmt"
	"io"
)

type color string

func (c color) String() string { return "C" + string(c) }

type fm string

func (f fm) Format(s fmt.State, v rune) { fmt.Fprint(s, "F"+string(f)) }

type id int

func (i id) String() string { return fmt.Sprintf("#%d", int(i)) }

type w struct{ closed bool }

func (x *w) Write(p []byte) (int, error) { return len(p), nil }
func (x *w) Close() error                { x.closed = true; return nil }
func (x *w) String() string              { return "w!" }

type WC interface {
	io.Writer
	Close() error
}

func finish(out io.Writer) {
	if c, ok := out.(io.Closer); ok {
		c.Close()
		fmt.Println("closed")
	}
	if s, ok := out.(fmt.Stringer); ok {
		fmt.Println("stringer", s)
	}
	_, isWC := out.(WC)
	fmt.Printf("%T %v\n", out, isWC)
}

func main() {
	fmt.Println(fmt.Sprint(color("a"), color("b"), 1, 2, fm("c"), 3))
	var s fmt.Stringer = id(7)
	fmt.Printf("%v %d %#v %T\n", s, s, s, s)
	x := &w{}
	finish(x)
	fmt.Println(x.closed)
}
`)
	if want := "CaCb1 2Fc3\n#7 7 7 main.id\nclosed\nstringer w!\n*main.w true\ntrue\n"; got != want {
		t.Errorf("got:\n%swant:\n%s", got, want)
	}
}
