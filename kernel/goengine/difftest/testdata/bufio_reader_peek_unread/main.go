package main

import (
	"bufio"
	"fmt"
	"io"
	"strings"
)

func main() {
	r := bufio.NewReaderSize(strings.NewReader("héllo world\nsecond line\nlast"), 16)
	p, err := r.Peek(3)
	fmt.Printf("%q %v %d\n", p, err, r.Buffered())
	ru, size, err := r.ReadRune()
	fmt.Println(string(ru), size, err)
	ru, size, _ = r.ReadRune()
	fmt.Println(string(ru), size)
	fmt.Println(r.UnreadRune(), r.UnreadRune())
	ru, _, _ = r.ReadRune()
	fmt.Println(string(ru))
	word, err := r.ReadString(' ')
	fmt.Printf("%q %v\n", word, err)
	line, prefix, err := r.ReadLine()
	fmt.Printf("%q %v %v\n", line, prefix, err)
	b, err := r.ReadBytes('\n')
	fmt.Printf("%q %v\n", b, err)
	b, err = r.ReadBytes('\n')
	fmt.Printf("%q %v %v\n", b, err, err == io.EOF)
	_, err = r.Peek(1)
	fmt.Println(err)
	n, err := r.Discard(5)
	fmt.Println(n, err)
	_, err = bufio.NewReaderSize(strings.NewReader(strings.Repeat("z", 64)), 16).Peek(32)
	fmt.Println(err)
}
