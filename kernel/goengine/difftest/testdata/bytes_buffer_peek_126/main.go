package main

import (
	"bytes"
	"fmt"
)

func main() {
	var b bytes.Buffer
	b.WriteString("header:payload")
	p, err := b.Peek(6)
	fmt.Printf("%q %v %d\n", p, err, b.Len())
	p[0] = 'H'
	head := make([]byte, 7)
	n, _ := b.Read(head)
	fmt.Printf("%q %d\n", head[:n], b.Len())
	p, err = b.Peek(100)
	fmt.Printf("%q %v\n", p, err)
	b.Reset()
	p, err = b.Peek(0)
	fmt.Printf("%q %v\n", p, err)
}
