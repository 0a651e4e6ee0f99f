package main

import (
	"bytes"
	"fmt"
	"io"
)

func main() {
	var b bytes.Buffer
	b.WriteString("hello ")
	b.Write([]byte("world"))
	b.WriteByte('!')
	fmt.Fprintf(&b, " %d", 42)
	fmt.Println(b.String(), b.Len())
	p := make([]byte, 5)
	n, _ := b.Read(p)
	fmt.Println(n, string(p), b.String())
	line, err := b.ReadString('!')
	fmt.Printf("%q %v %q\n", line, err, b.String())
	rest, _ := io.ReadAll(&b)
	fmt.Printf("%q %d\n", rest, b.Len())
	_, err = b.ReadByte()
	fmt.Println(err == io.EOF)
	fmt.Println(bytes.Equal([]byte("a"), []byte("a")), bytes.Compare([]byte("a"), []byte("b")))
	fields := bytes.Fields([]byte(" x  y z "))
	fmt.Println(len(fields), string(bytes.Join(fields, []byte("-"))))
	fmt.Println(string(bytes.ToUpper([]byte("up"))), bytes.Contains([]byte("seafood"), []byte("foo")), bytes.IndexByte([]byte("chicken"), 'k'))
	buf := bytes.NewBufferString("x,y")
	buf.Truncate(1)
	fmt.Println(buf.String())
}
