package main

import (
	"fmt"
	"io"
	"os"
	"strings"
)

type upperWriter struct {
	w     io.Writer
	count int
}

func (u *upperWriter) Write(p []byte) (int, error) {
	u.count += len(p)
	return u.w.Write([]byte(strings.ToUpper(string(p))))
}

func main() {
	uw := &upperWriter{w: os.Stdout}
	fmt.Fprintf(uw, "hello %s, %d\n", "world", 42)
	fmt.Fprintln(uw, "second line")
	io.WriteString(uw, "third\n")
	fmt.Println("bytes:", uw.count)
	var sb strings.Builder
	io.Copy(&sb, strings.NewReader("copied"))
	fmt.Println(sb.String())
}
