package main

import (
	"fmt"
	"strings"
)

type Reader interface{ Read() string }
type Writer interface{ Write(s string) }
type ReadWriter interface {
	Reader
	Writer
}

type buffer struct{ parts []string }

func (b *buffer) Write(s string) { b.parts = append(b.parts, s) }
func (b *buffer) Read() string {
	out := strings.Join(b.parts, "|")
	b.parts = nil
	return out
}

func fill(w Writer, n int) {
	for i := 0; i < n; i++ {
		w.Write(fmt.Sprint("item", i))
	}
}

func main() {
	var rw ReadWriter = &buffer{}
	fill(rw, 3)
	fmt.Println(rw.Read())
	fmt.Printf("%q\n", rw.Read())
	var r Reader = rw
	_, isWriter := r.(Writer)
	fmt.Println(isWriter)
}
