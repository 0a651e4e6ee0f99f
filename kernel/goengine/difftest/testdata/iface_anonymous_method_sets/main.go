package main

import (
	"fmt"
	"io"
	"strings"
)

type file struct {
	name string
	r    *strings.Reader
}

func (f *file) Read(p []byte) (int, error) { return f.r.Read(p) }
func (f *file) Close() error               { return nil }
func (f *file) Name() string               { return f.name }
func (f file) Size() int64                 { return f.r.Size() }

func inspect(x any) []string {
	var caps []string
	if _, ok := x.(io.Reader); ok {
		caps = append(caps, "reader")
	}
	if _, ok := x.(interface{ Close() error }); ok {
		caps = append(caps, "closer")
	}
	if n, ok := x.(interface{ Name() string }); ok {
		caps = append(caps, "name="+n.Name())
	}
	if s, ok := x.(interface{ Size() int64 }); ok {
		caps = append(caps, fmt.Sprint("size=", s.Size()))
	}
	switch x.(type) {
	case io.ReadCloser:
		caps = append(caps, "readcloser")
	case fmt.Stringer:
		caps = append(caps, "stringer")
	}
	return caps
}

func main() {
	f := &file{"a.txt", strings.NewReader("hello")}
	fmt.Println(inspect(f))
	fmt.Println(inspect(*f))
	var r io.Reader = f
	fmt.Println(inspect(r))
	fmt.Println(inspect(strings.NewReader("xy")))
	rc := io.NopCloser(f)
	fmt.Println(inspect(rc))
	b, _ := io.ReadAll(io.LimitReader(r, 3))
	fmt.Println(string(b))
}
