package main

import (
	"bytes"
	"fmt"
	"strings"
)

func apply(fs []func(string) string, s string) string {
	for _, f := range fs {
		s = f(s)
	}
	return s
}

func main() {
	var buf bytes.Buffer
	write := buf.WriteString
	write("a")
	write("b")
	fmt.Println(buf.String())
	wexpr := (*bytes.Buffer).WriteString
	wexpr(&buf, "c")
	fmt.Println(buf.String())
	r := strings.NewReplacer("a", "1")
	fmt.Println(apply([]func(string) string{strings.ToUpper, strings.TrimSpace, r.Replace}, "  abc "))
	fmt.Println(apply([]func(string) string{strings.ToLower, r.Replace}, "ABC"))
	var sb strings.Builder
	fns := map[string]func(string) (int, error){"sb": sb.WriteString, "buf": buf.WriteString}
	fns["sb"]("x")
	fns["buf"]("y")
	fmt.Println(sb.String(), buf.String())
	lenOf := (*strings.Builder).Len
	fmt.Println(lenOf(&sb))
}
