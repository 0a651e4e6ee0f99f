// culab patch 13: a method value evaluates its receiver, and copies a
// value receiver, when it is made.
package main

import (
	"fmt"
	"strings"
	"time"
)

type T struct{ n int }

func (t T) Val() int  { return t.n }
func (t *T) Ptr() int { return t.n }
func (t T) show()     { fmt.Println("show", t.n) }

type W struct{ T }

type S interface{ Val() int }

func main() {
	v := T{1}
	f, g := v.Val, v.Ptr
	v.n = 2
	fmt.Println(f(), g())
	p := &T{3}
	f, g = p.Val, p.Ptr
	p.n = 4
	fmt.Println(f(), g())
	p = &T{5}
	fmt.Println(f(), g())
	w := W{T{6}}
	f, g = w.Val, w.Ptr
	w.n = 7
	fmt.Println(f(), g())
	var s S = T{8}
	f = s.Val
	s = T{9}
	fmt.Println(f(), s.Val())
	d := time.Second
	h := d.String
	d = time.Minute
	fmt.Println(h(), d.String())
	var sb strings.Builder
	sb.WriteString("a")
	l := sb.Len
	sb.WriteString("b")
	fmt.Println(l())
	func() {
		x := T{10}
		defer x.show()
		dd := time.Hour
		defer fmt.Println("deferred", x.Val(), dd.String())
		defer fmt.Println(dd.String())
		x.n = 11
		dd = time.Millisecond
	}()
	var fs []func() int
	for i := 0; i < 3; i++ {
		t := T{i}
		fs = append(fs, t.Val)
		t.n = 100
	}
	for _, f := range fs {
		fmt.Print(f(), " ")
	}
	fmt.Println()
}

// Output:
// 1 2
// 3 4
// 3 4
// 6 7
// 8 9
// 1s 1m0s
// 2
// 1h0m0s
// deferred 10 1h0m0s
// show 10
// 0 1 2
