package main

import (
	"bytes"
	"fmt"
	"io"
	"strings"
)

func main() {
	pr, pw := io.Pipe()
	go func() {
		for i := 0; i < 3; i++ {
			fmt.Fprintf(pw, "line %d\n", i)
		}
		pw.Close()
	}()
	all, err := io.ReadAll(pr)
	fmt.Printf("%q %v\n", all, err)

	var a, b bytes.Buffer
	w := io.MultiWriter(&a, &b)
	io.WriteString(w, "twice")
	fmt.Println(a.String(), b.String())

	var seen strings.Builder
	tee := io.TeeReader(strings.NewReader("tee reader text"), &seen)
	head, _ := io.ReadAll(io.LimitReader(tee, 3))
	fmt.Printf("%s|%s\n", head, seen.String())

	sr := io.NewSectionReader(strings.NewReader("0123456789"), 2, 5)
	buf := make([]byte, 3)
	n, err := sr.ReadAt(buf, 1)
	fmt.Println(n, err, string(buf))
	n, err = io.ReadFull(strings.NewReader("ab"), buf)
	fmt.Println(n, err)
	m, err := io.Copy(io.Discard, io.MultiReader(strings.NewReader("abc"), strings.NewReader("de")))
	fmt.Println(m, err)
}
