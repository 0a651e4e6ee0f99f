package interp_test

import (
	"bytes"
	"strings"
	"testing"

	"github.com/traefik/yaegi/interp"
	"github.com/traefik/yaegi/stdlib"
)

// assignPrelude declares what the cases of TestMultipleAssignment use.
const assignPrelude = `package main

import (
	"errors"
	"fmt"
)

type S struct{ A int; B string; E error }
type I interface{ M() }
func (S) M() {}
func two() (bool, int) { return true, 9 }
func pair() (int, string) { return 7, "x" }
func fails() (int, error) { return 3, errors.New("e") }
func mi() int { return 3 }
type V struct{ n int }
func (V) Error() string { return "v" }
`

// culab patches 7 and 10: every target of an assignment gets its value,
// as in Go: a map entry from a call or a comma-ok form, each pair of a
// parallel assignment when one source is a call, a channel receive or a
// composite literal, an untyped nil or a value an interface wraps; a
// failed comma-ok form sets the zero value; a select case or a range loop
// that assigns. The wanted output is what compiled Go prints.
func TestMultipleAssignment(t *testing.T) {
	for _, c := range []struct{ body, want string }{
		// map entries from calls, interpreted and compiled
		{`m := map[string]int{}; var ok bool; ok, m["k"] = two(); fmt.Println(ok, m)`, "true map[k:9]"},
		{`m := map[string]int{}; var s string; m["k"], s = pair(); fmt.Println(m, s)`, "map[k:7] x"},
		{`m := map[string]error{}; var n int; n, m["e"] = fails(); fmt.Println(n, m["e"])`, "3 e"},
		{`m := map[string]int{}; var err error; m["n"], err = fmt.Sscan("12", new(int)); fmt.Println(m, err)`, "map[n:1] <nil>"},
		{`m := map[string]any{}; m["a"], m["b"] = pair(); fmt.Println(m)`, "map[a:7 b:x]"},
		{`m := map[int]int{}; pm := &m; var ok bool; ok, (*pm)[1] = two(); fmt.Println(ok, m)`, "true map[1:9]"},
		{`ms := map[string]map[string]int{"o": {}}; var ok bool; ok, ms["o"]["i"] = two(); fmt.Println(ok, ms)`, "true map[o:map[i:9]]"},
		{`var m map[string]int; var ok bool; defer func() { fmt.Println(recover()) }(); ok, m["k"] = two(); fmt.Println(ok)`, "assignment to entry in nil map"},
		// comma-ok forms into map entries
		{`src := map[string]int{"q": 4}; m := map[string]int{}; ok := map[string]bool{}; m["v"], ok["o"] = src["q"]; fmt.Println(m, ok)`, "map[v:4] map[o:true]"},
		{`var i any = 5; m := map[string]int{}; ok := map[string]bool{}; m["t"], ok["t"] = i.(int); fmt.Println(m, ok)`, "map[t:5] map[t:true]"},
		{`ch := make(chan int, 1); ch <- 8; m := map[string]int{}; ok := map[string]bool{}; m["c"], ok["c"] = <-ch; fmt.Println(m, ok)`, "map[c:8] map[c:true]"},
		{`src := map[string]int{}; m := map[string]int{"v": 1}; var ok bool; m["v"], ok = src["none"]; fmt.Println(m, ok)`, "map[v:0] false"},
		// comma-ok forms into fields, elements, pointers
		{`var s S; src := map[string]int{"q": 4}; var ok bool; s.A, ok = src["q"]; fmt.Println(s.A, ok)`, "4 true"},
		{`sl := []int{0}; var i any = 6; var ok bool; sl[0], ok = i.(int); fmt.Println(sl, ok)`, "[6] true"},
		{`x := 0; p := &x; ch := make(chan int, 1); ch <- 2; var ok bool; *p, ok = <-ch; fmt.Println(x, ok)`, "2 true"},
		// a failed comma-ok form sets the zero value
		{`x := 5; src := map[string]int{}; var ok bool; x, ok = src["none"]; fmt.Println(x, ok)`, "0 false"},
		{`x := 5; var i any = "s"; var ok bool; x, ok = i.(int); fmt.Println(x, ok)`, "0 false"},
		{`var e I = S{}; var i any = 1; var ok bool; e, ok = i.(I); fmt.Println(e == nil, ok)`, "true false"},
		{`x := 5; ch := make(chan int); close(ch); var ok bool; x, ok = <-ch; fmt.Println(x, ok)`, "0 false"},
		// multiple-value calls into fields, elements, pointers
		{`var s S; s.A, s.B = pair(); fmt.Println(s.A, s.B)`, "7 x"},
		{`p := &S{}; p.A, p.B = pair(); fmt.Println(p.A, p.B)`, "7 x"},
		{`sl := make([]int, 2); var ok bool; ok, sl[1] = two(); fmt.Println(ok, sl)`, "true [0 9]"},
		{`x := 0; p := &x; var ok bool; ok, *p = two(); fmt.Println(ok, x)`, "true 9"},
		// parallel assignment with a call, a receive, a composite literal
		{`sl := make([]int, 2); var e error; sl[1], e = 8, errors.New("e"); fmt.Println(sl, e)`, "[0 8] e"},
		{`var s S; s.A, s.E = 9, errors.New("e"); fmt.Println(s.A, s.E)`, "9 e"},
		{`var x, y int; x, y = mi(), 5; fmt.Println(x, y)`, "3 5"},
		{`var x, y int; x, y = 5, mi(); fmt.Println(x, y)`, "5 3"},
		{`ch := make(chan int, 1); ch <- 5; var a, b int; a, b = <-ch, 2; fmt.Println(a, b)`, "5 2"},
		{`ch := make(chan int, 1); ch <- 5; a, b := <-ch, 2; fmt.Println(a, b)`, "5 2"},
		{`a, b := S{A: 1}, 2; fmt.Println(a.A, b)`, "1 2"},
		{`a, b := 2, S{A: 1}; fmt.Println(a, b.A)`, "2 1"},
		{`a, b := S{A: 1}, S{A: 2}; a, b = S{A: b.A}, S{A: a.A}; fmt.Println(a.A, b.A)`, "2 1"},
		{`var e I; var x int; e, x = S{A: 3}, 4; fmt.Println(e.(S).A, x)`, "3 4"},
		{`x, y := 1, 2; x, y = y, x; fmt.Println(x, y)`, "2 1"},
		// culab patch 10: a select case that assigns a receive
		{`var x int; ch := make(chan int, 1); ch <- 4; select { case x = <-ch: }; fmt.Println(x)`, "4"},
		{`var x int; var ok bool; ch := make(chan int, 1); ch <- 4; select { case x, ok = <-ch: }; fmt.Println(x, ok)`, "4 true"},
		{`m := map[string]int{}; ok := map[string]bool{}; ch := make(chan int, 1); ch <- 4; select { case m["k"], ok["k"] = <-ch: fmt.Print("got ") }; fmt.Println(m, ok)`, "got map[k:4] map[k:true]"},
		{`var s S; ch := make(chan int); close(ch); var ok bool; select { case s.A, ok = <-ch: }; fmt.Println(s.A, ok)`, "0 false"},
		{`x := 1; ch := make(chan int, 1); ch <- 4; select { case x = <-ch: fmt.Print(x, " ") }; fmt.Println(x)`, "4 4"},
		{`x := 1; ch := make(chan int, 1); ch <- 4; select { case x := <-ch: fmt.Print(x, " ") }; fmt.Println(x)`, "4 1"},
		{`m := map[string]int{}; ch := make(chan int, 1); ch <- 4; select { case m["k"] = <-ch: }; fmt.Println(m)`, "map[k:4]"},
		// culab patch 10: a range loop that assigns (=) its iteration values
		{`var x int; for x = range []int{5, 6} {}; fmt.Println(x)`, "1"},
		{`var k, v int; for k, v = range []int{5, 6} {}; fmt.Println(k, v)`, "1 6"},
		{`var v int; for _, v = range []int{5, 6} {}; fmt.Println(v)`, "6"},
		{`n := 0; for _, _ = range []int{5, 6} { n++ }; fmt.Println(n)`, "2"},
		{`m := map[string]int{}; for m["k"] = range []int{5, 6} {}; fmt.Println(m)`, "map[k:1]"},
		{`var s S; for s.A = range "ab" {}; fmt.Println(s.A)`, "1"},
		{`var x int; ch := make(chan int, 2); ch <- 1; ch <- 2; close(ch); for x = range ch {}; fmt.Println(x)`, "2"},
		{`var k string; var v int; for k, v = range map[string]int{"a": 1} {}; fmt.Println(k, v)`, "a 1"},
		{`var x int; for x = range []int{5, 6, 7} { if x == 1 { break } }; fmt.Println(x)`, "1"},
		// a composite literal into an error keeps its methods
		{`var e error = V{1}; fmt.Println(e)`, "v"},
		{`var e error; e = V{2}; fmt.Println(e.Error(), e)`, "v v"},
		// untyped nil and wrapped values in a parallel assignment
		{`var e error = errors.New("e"); var x int; x, e = 3, nil; fmt.Println(x, e)`, "3 <nil>"},
		{`p := new(int); var x int; x, p = 3, nil; fmt.Println(x, p)`, "3 <nil>"},
		{`var e error; var x int; e, x = fails2(), 4; fmt.Println(e, x)`, "E 4"},
	} {
		var out bytes.Buffer
		i := interp.New(interp.Options{Stdout: &out})
		if err := i.Use(stdlib.Symbols); err != nil {
			t.Fatal(err)
		}
		src := assignPrelude + "type E struct{}\nfunc (*E) Error() string { return \"E\" }\nfunc fails2() error { return &E{} }\nfunc main() {\n" + c.body + "\n}\n"
		if _, err := i.Eval(src); err != nil {
			t.Errorf("%s: %v", c.body, err)
			continue
		}
		if got := strings.TrimSpace(out.String()); got != c.want {
			t.Errorf("%s: %s, want %s", c.body, got, c.want)
		}
	}
}
