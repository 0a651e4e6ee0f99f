package main

import (
	"bytes"
	"compress/gzip"
	"fmt"
	"io"
	"strings"
)

func main() {
	in := strings.Repeat("warp block grid ", 200)
	var buf bytes.Buffer
	zw := gzip.NewWriter(&buf)
	zw.Name = "kernels.txt"
	n, err := io.WriteString(zw, in)
	fmt.Println(n, err, zw.Close())
	fmt.Println(buf.Len() < len(in)/10, buf.Bytes()[:2])
	zr, err := gzip.NewReader(&buf)
	fmt.Println(err, zr.Name)
	out, err := io.ReadAll(zr)
	fmt.Println(len(out), err, string(out) == in)
	_, err = gzip.NewReader(strings.NewReader("not gzip"))
	fmt.Println(err, err == gzip.ErrHeader)
}
