package main

// culab patch 71: a pointer method of a compiled type, promoted to a cell
// struct value through an embedded pointer, satisfies an interface.

import (
	"bytes"
	"fmt"
	"io"
	"strings"
)

type A struct{ bytes.Buffer }

type B struct{ *A }

type C struct {
	io.Reader
	n int
}

type D struct{ C }

func main() {
	b := B{&A{}}
	var w io.Writer = b
	fmt.Fprintf(w, "hello %d", 1)
	fmt.Println(b.String())
	var rw io.ReadWriter = b
	buf := make([]byte, 5)
	k, _ := rw.Read(buf)
	fmt.Println(k, string(buf))
	d := D{C{strings.NewReader("data"), 1}}
	var r io.Reader = d
	all, _ := io.ReadAll(r)
	fmt.Println(string(all))
	fmt.Println(b)
}

// Output:
// hello 1
// 5 hello
// data
//  1
