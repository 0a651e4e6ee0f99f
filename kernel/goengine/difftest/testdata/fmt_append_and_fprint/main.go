package main

import (
	"fmt"
	"os"
	"strings"
)

func main() {
	buf := []byte("start:")
	buf = fmt.Append(buf, 1, "two", 3)
	buf = fmt.Appendf(buf, "|%03d|", 7)
	buf = fmt.Appendln(buf, "end")
	os.Stdout.Write(buf)
	var sb strings.Builder
	fmt.Fprint(&sb, "a", 1)
	fmt.Fprintf(&sb, "[%v]", sb.Len())
	fmt.Println(sb.String())
	fmt.Fprintln(os.Stdout, "direct", "to", "stdout")
}
