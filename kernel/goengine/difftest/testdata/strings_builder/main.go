package main

import (
	"fmt"
	"strings"
)

func main() {
	var b strings.Builder
	for i := 3; i > 0; i-- {
		fmt.Fprintf(&b, "%d...", i)
	}
	b.WriteString("go")
	b.WriteByte('!')
	b.WriteRune('🚀')
	fmt.Println(b.String(), b.Len())
	b.Reset()
	fmt.Printf("%q\n", b.String())
}
