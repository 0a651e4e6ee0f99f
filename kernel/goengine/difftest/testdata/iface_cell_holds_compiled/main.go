package main

import (
	"bytes"
	"fmt"
	"io"
	"os"
	"sort"
	"strings"
)

type Writer interface {
	Write([]byte) (int, error)
}

type StringWriter interface {
	Writer
	String() string
}

type Lenner interface{ Len() int }

func emit(w Writer, msg string) {
	fmt.Fprintf(w, "[%s]", msg)
	io.WriteString(w, "!")
}

func describe(x any) string {
	switch v := x.(type) {
	case StringWriter:
		return "stringwriter:" + v.String()
	case Lenner:
		return fmt.Sprint("lenner:", v.Len())
	case io.Reader:
		return "reader"
	default:
		return fmt.Sprintf("other %T", v)
	}
}

func main() {
	var sb strings.Builder
	emit(&sb, "a")
	var buf bytes.Buffer
	emit(&buf, "b")
	fmt.Println(sb.String(), buf.String())
	var sw StringWriter = &buf
	emit(sw, "c")
	fmt.Println(sw.String())
	fmt.Println(describe(&sb), describe(&buf), describe(strings.NewReader("x")), describe(sort.IntSlice{1, 2}), describe(3))
	var l Lenner = sort.StringSlice{"b", "a"}
	sort.Sort(l.(sort.Interface))
	fmt.Println(l)
	ws := []Writer{&sb, &buf, os.Stdout}
	for i, w := range ws {
		fmt.Fprint(w, i)
	}
	fmt.Println()
	fmt.Println(sb.String(), buf.String())
	var r io.Reader = strings.NewReader("data")
	if lr, ok := r.(Lenner); ok {
		fmt.Println("len", lr.Len())
	}
}
