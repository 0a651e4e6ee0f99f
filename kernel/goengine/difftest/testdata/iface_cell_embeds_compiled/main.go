package main

import (
	"bufio"
	"fmt"
	"io"
	"strings"
)

type ReadCloser interface {
	io.Reader
	Close() error
}

type upperReader struct {
	r      io.Reader
	closed bool
}

func (u *upperReader) Read(p []byte) (int, error) {
	n, err := u.r.Read(p)
	copy(p, strings.ToUpper(string(p[:n])))
	return n, err
}
func (u *upperReader) Close() error { u.closed = true; return nil }

type lineCounter struct{ lines int }

func (l *lineCounter) Write(p []byte) (int, error) {
	l.lines += strings.Count(string(p), "\n")
	return len(p), nil
}

type countingWriter struct {
	io.Writer
	n int
}

func (c *countingWriter) Write(p []byte) (int, error) {
	c.n += len(p)
	return c.Writer.Write(p)
}

func use(rc ReadCloser) string {
	defer rc.Close()
	b, _ := io.ReadAll(rc)
	return string(b)
}

func main() {
	u := &upperReader{r: strings.NewReader("hello\nworld\n")}
	fmt.Printf("%q %v\n", use(u), u.closed)
	var r io.Reader = &upperReader{r: strings.NewReader("a b\nc d e\n")}
	sc := bufio.NewScanner(r)
	sc.Split(bufio.ScanWords)
	var words []string
	for sc.Scan() {
		words = append(words, sc.Text())
	}
	fmt.Println(words)
	lc := &lineCounter{}
	n, err := io.Copy(lc, strings.NewReader("1\n2\n3\n"))
	fmt.Println(n, err, lc.lines)
	var sb strings.Builder
	cw := &countingWriter{Writer: &sb}
	fmt.Fprintf(cw, "x=%d;", 10)
	bw := bufio.NewWriter(cw)
	bw.WriteString("buffered")
	bw.Flush()
	fmt.Println(cw.n, sb.String())
	var rc ReadCloser = u
	if _, ok := rc.(io.Writer); !ok {
		fmt.Println("not a writer")
	}
	var rd io.Reader = rc
	_, isRC := rd.(ReadCloser)
	fmt.Println(isRC)
	tr := io.TeeReader(&upperReader{r: strings.NewReader("tee")}, cw)
	b, _ := io.ReadAll(tr)
	fmt.Println(string(b), sb.String())
}
