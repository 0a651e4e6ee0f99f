package main

import (
	"fmt"
	"strings"
)

type reader interface{ read() string }
type writer interface{ write(string) }
type readWriter interface {
	reader
	writer
}
type resetter interface {
	readWriter
	reset()
}

type buf struct{ parts []string }

func (b *buf) read() string   { return strings.Join(b.parts, "+") }
func (b *buf) write(s string) { b.parts = append(b.parts, s) }
func (b *buf) reset()         { b.parts = nil }

func use(rw readWriter) {
	rw.write("x")
	if r, ok := rw.(resetter); ok {
		fmt.Println("before reset:", r.read())
		r.reset()
	}
	rw.write("y")
}

func main() {
	b := &buf{}
	var r resetter = b
	var rw readWriter = r
	var rd reader = rw
	r.write("a")
	use(r)
	fmt.Println(rd.read())
	fmt.Println(rw == r, rd == any(b))
	fmt.Printf("%T\n", rd)
}
