package main

import (
	"fmt"
	"io"
	"strings"
)

type shape interface{ area() float64 }

type sq struct{ s float64 }

func (q sq) area() float64 { return q.s * q.s }

func main() {
	var x any
	n, ok := x.(int)
	fmt.Println(n, ok)
	s, ok := x.(shape)
	fmt.Println(s == nil, ok)
	var sh shape
	q, ok := sh.(sq)
	fmt.Println(q, ok)
	var r io.Reader
	w, ok := r.(io.Writer)
	fmt.Println(w == nil, ok)
	r = strings.NewReader("x")
	_, ok = r.(io.Writer)
	fmt.Println(ok)
	_, ok = r.(io.ByteScanner)
	fmt.Println(ok)
	switch v := x.(type) {
	case nil:
		fmt.Printf("nil case %v\n", v)
	default:
		fmt.Println("default")
	}
	defer func() { fmt.Println("recovered:", recover()) }()
	_ = sh.(sq)
}
