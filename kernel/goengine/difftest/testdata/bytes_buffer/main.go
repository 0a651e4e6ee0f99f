package main

import (
	"bytes"
	"fmt"
)

func main() {
	var buf bytes.Buffer
	buf.WriteString("hello ")
	buf.Write([]byte("world"))
	buf.WriteByte('!')
	fmt.Fprintf(&buf, " %d", 2024)
	fmt.Println(buf.String(), buf.Len())
	word, err := buf.ReadString(' ')
	fmt.Printf("%q %v %q\n", word, err, buf.String())
	b := []byte("  a,b,c  ")
	fmt.Printf("%q\n", bytes.Split(bytes.TrimSpace(b), []byte(",")))
	fmt.Println(bytes.Equal([]byte("x"), []byte("x")), bytes.Contains(b, []byte("b,c")), bytes.Index(b, []byte("c")))
	fmt.Println(string(bytes.ToUpper([]byte("shout"))), bytes.Compare([]byte("a"), []byte("b")))
}
