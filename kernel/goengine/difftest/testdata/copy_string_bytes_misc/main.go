package main

import (
	"bytes"
	"fmt"
)

func main() {
	buf := make([]byte, 5)
	n := copy(buf, "hello world")
	fmt.Println(n, string(buf))
	n = copy(buf[2:], "XY")
	fmt.Println(n, string(buf))
	bs := []byte("a,b,,c")
	parts := bytes.Split(bs, []byte(","))
	fmt.Println(len(parts), string(bytes.Join(parts, []byte("|"))))
	parts[0][0] = 'Z'
	fmt.Println(string(bs))
	fields := bytes.Fields([]byte("  x  y z "))
	fmt.Printf("%q\n", fields)
	fmt.Println(bytes.Equal(nil, []byte{}), bytes.Compare([]byte("a"), []byte("b")), bytes.HasPrefix(bs, []byte("Z,")))
	var nilSlice []byte
	fmt.Println(string(nilSlice) == "", len(string(nilSlice)), append(nilSlice, "go"...))
	r := bytes.NewReader([]byte("data"))
	b1, _ := r.ReadByte()
	r.UnreadByte()
	rest := make([]byte, 10)
	k, _ := r.Read(rest)
	fmt.Println(string(b1), k, string(rest[:k]), r.Len())
}
