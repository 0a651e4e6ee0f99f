package main

import (
	"fmt"
	"io"
	"strings"
)

type countingSrc struct {
	data  string
	pos   int
	reads int
}

func (s *countingSrc) Read(p []byte) (int, error) {
	s.reads++
	if s.pos >= len(s.data) {
		return 0, io.EOF
	}
	n := copy(p, s.data[s.pos:])
	s.pos += n
	return n, nil
}

func (s *countingSrc) WriteTo(w io.Writer) (int64, error) {
	n, err := io.WriteString(w, "["+s.data+"]")
	return int64(n), err
}

type sink struct {
	b     strings.Builder
	froms int
}

func (k *sink) Write(p []byte) (int, error) { return k.b.Write(p) }

func (k *sink) ReadFrom(r io.Reader) (int64, error) {
	k.froms++
	data, err := io.ReadAll(r)
	k.b.WriteString(strings.ToUpper(string(data)))
	return int64(len(data)), err
}

type shout struct{ b *strings.Builder }

func (s shout) Write(p []byte) (int, error) { return s.b.Write(p) }
func (s shout) WriteString(v string) (int, error) {
	s.b.WriteString(strings.ToUpper(v))
	return len(v), nil
}

func main() {
	src := &countingSrc{data: "abc"}
	var out strings.Builder
	n, err := io.Copy(&out, src)
	fmt.Println(out.String(), n, err, src.reads)

	k := &sink{}
	n, err = io.Copy(k, strings.NewReader("xyz"))
	fmt.Println(k.b.String(), n, err, k.froms)

	k2 := &sink{}
	io.Copy(k2, &countingSrc{data: "both"})
	fmt.Println(k2.b.String(), k2.froms)

	var b strings.Builder
	io.Copy(shout{&b}, strings.NewReader("hey"))
	fmt.Println(b.String())

	var lim strings.Builder
	io.CopyN(&lim, &countingSrc{data: "limited"}, 3)
	fmt.Println(lim.String())
}
