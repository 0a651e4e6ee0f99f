package main

import (
	"fmt"
	"io"
	"strings"
)

type Reader interface{ Read() string }
type Writer interface{ Write(s string) }
type ReadWriter interface {
	Reader
	Writer
}

type buf struct{ data []string }

func (b *buf) Read() string {
	if len(b.data) == 0 {
		return ""
	}
	s := b.data[0]
	b.data = b.data[1:]
	return s
}
func (b *buf) Write(s string) { b.data = append(b.data, s) }

type upper struct{ io.Reader }

func (u upper) Read(p []byte) (int, error) {
	n, err := u.Reader.Read(p)
	copy(p, strings.ToUpper(string(p[:n])))
	return n, err
}

func main() {
	var rw ReadWriter = &buf{}
	rw.Write("a")
	rw.Write("b")
	var r Reader = rw
	fmt.Println(r.Read())
	if w, ok := r.(Writer); ok {
		w.Write("c")
	}
	fmt.Println(rw.Read(), rw.Read(), rw.Read() == "")
	_, isRW := r.(ReadWriter)
	_, isStringer := r.(fmt.Stringer)
	fmt.Println(isRW, isStringer)
	b, _ := io.ReadAll(upper{strings.NewReader("shout")})
	fmt.Println(string(b))
	var e any = rw
	switch v := e.(type) {
	case Writer:
		fmt.Printf("writer %T\n", v)
	case Reader:
		fmt.Println("reader")
	}
}
