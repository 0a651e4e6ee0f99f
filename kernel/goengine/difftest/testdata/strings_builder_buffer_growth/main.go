package main

import (
	"bytes"
	"fmt"
	"strings"
	"unicode/utf8"
)

func main() {
	var sb strings.Builder
	fmt.Println(sb.Len(), sb.Cap(), sb.String() == "")
	sb.Grow(10)
	fmt.Println(sb.Len(), sb.Cap() >= 10)
	for i := 0; i < 5; i++ {
		sb.WriteByte('a' + byte(i))
		sb.WriteRune('é')
	}
	n, _ := sb.WriteString("!")
	fmt.Println(sb.String(), sb.Len(), n, utf8.RuneCountInString(sb.String()))
	sb.Reset()
	fmt.Println(sb.Len(), sb.String())
	var buf bytes.Buffer
	buf.Grow(64)
	fmt.Println(buf.Len(), buf.Cap() >= 64)
	buf.WriteString("hello world")
	p := make([]byte, 5)
	k, _ := buf.Read(p)
	fmt.Println(k, string(p), buf.Len(), buf.String())
	buf.Truncate(3)
	fmt.Printf("%q\n", buf.String())
	b, err := buf.ReadByte()
	fmt.Println(string(b), err)
	buf.UnreadByte()
	line, err := buf.ReadString('x')
	fmt.Printf("%q %v\n", line, err)
	buf.Reset()
	fmt.Fprintf(&buf, "%d-%s", 42, "z")
	r, size, _ := buf.ReadRune()
	fmt.Println(string(r), size, buf.String())
	bb := bytes.NewBufferString("a,b,c")
	tok, _ := bb.ReadBytes(',')
	fmt.Printf("%q %q\n", tok, bb.Next(2))
	fmt.Println(strings.Repeat("ab", 3), bytes.Equal(nil, []byte{}))
}
