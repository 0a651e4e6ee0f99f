package main

import "fmt"

type Reader interface{ Read() string }
type Closer interface{ Close() error }
type ReadCloser interface {
	Reader
	Closer
}
type CloseNamer interface {
	Closer
	Name() string
}

// ReadCloseNamer embeds two interfaces that both have Close.
type ReadCloseNamer interface {
	ReadCloser
	CloseNamer
}

type file struct {
	name   string
	closed bool
}

func (f *file) Read() string { return "data of " + f.name }
func (f *file) Close() error {
	if f.closed {
		return fmt.Errorf("%s: already closed", f.name)
	}
	f.closed = true
	return nil
}
func (f *file) Name() string { return f.name }

func use(r ReadCloser) {
	fmt.Println(r.Read())
	if cn, ok := r.(CloseNamer); ok {
		fmt.Println("closing", cn.Name(), cn.Close())
	}
	fmt.Println(r.Close())
}

func main() {
	var all ReadCloseNamer = &file{name: "a.txt"}
	use(all)
	var c Closer = all
	_, isReader := c.(Reader)
	_, isStringer := c.(fmt.Stringer)
	fmt.Println(isReader, isStringer)
	var rc ReadCloser = &file{name: "b"}
	switch v := rc.(type) {
	case ReadCloseNamer:
		fmt.Println("full", v.Name())
	case Reader:
		fmt.Println("reader only")
	}
}
