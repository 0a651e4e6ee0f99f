package main

import (
	"bytes"
	"fmt"
	"io"
	"strings"
)

func main() {
	var b bytes.Buffer
	b.WriteString("hello, world\nline two\n")
	line, err := b.ReadString('\n')
	fmt.Printf("%q %v\n", line, err)
	fmt.Printf("%q\n", b.Next(4))
	c, _ := b.ReadByte()
	fmt.Printf("%c\n", c)
	b.UnreadByte()
	rest, _ := io.ReadAll(&b)
	fmt.Printf("%q %d\n", rest, b.Len())
	_, err = b.ReadByte()
	fmt.Println(err == io.EOF)
	b.Reset()
	n, _ := b.ReadFrom(strings.NewReader("abcdef"))
	b.Truncate(3)
	fmt.Println(n, b.String())
	fmt.Fprintf(&b, "[%d]", 42)
	fmt.Println(b.String(), bytes.HasSuffix(b.Bytes(), []byte("]")))
	var sb strings.Builder
	for i := 0; i < 3; i++ {
		fmt.Fprintf(&sb, "%d,", i)
	}
	sb.WriteRune('é')
	sb.WriteByte('!')
	fmt.Println(sb.String(), sb.Len())
	r := strings.NewReader("xyz")
	buf := make([]byte, 2)
	k, _ := r.Read(buf)
	fmt.Println(k, string(buf[:k]), r.Len())
}
