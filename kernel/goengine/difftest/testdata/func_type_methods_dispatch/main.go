package main

import (
	"fmt"
	"sort"
	"strings"
)

type HandlerFunc func(string) string

func (f HandlerFunc) Handle(s string) string { return "[" + f(s) + "]" }

type Handler interface{ Handle(string) string }

type chain []Handler

func (c chain) Handle(s string) string {
	for _, h := range c {
		s = h.Handle(s)
	}
	return s
}

type op func(a, b int) int

func main() {
	var h Handler = HandlerFunc(strings.ToUpper)
	fmt.Println(h.Handle("go"))
	c := chain{h, HandlerFunc(func(s string) string { return s + "!" })}
	fmt.Println(c.Handle("hi"))
	ops := map[string]op{
		"add": func(a, b int) int { return a + b },
		"sub": func(a, b int) int { return a - b },
		"mul": func(a, b int) int { return a * b },
	}
	names := make([]string, 0, len(ops))
	for k := range ops {
		names = append(names, k)
	}
	sort.Strings(names)
	for _, name := range names {
		fmt.Println(name, ops[name](7, 3))
	}
	if f, ok := ops["div"]; !ok {
		fmt.Println("no div", f == nil)
	}
	var table [3]func() string
	for i := range table {
		table[i] = func() string { return strings.Repeat("*", i+1) }
	}
	for _, f := range table {
		fmt.Print(f(), " ")
	}
	fmt.Println()
}
