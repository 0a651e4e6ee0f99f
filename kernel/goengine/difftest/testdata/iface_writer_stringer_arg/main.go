package main

import (
	"fmt"
	"io"
	"strings"
)

type lines struct {
	items []string
}

func (l *lines) Write(p []byte) (int, error) {
	for _, s := range strings.Split(strings.TrimRight(string(p), "\n"), "\n") {
		l.items = append(l.items, s)
	}
	return len(p), nil
}

func (l *lines) String() string {
	return fmt.Sprintf("%d lines: %s", len(l.items), strings.Join(l.items, " | "))
}

type caps struct{ strings.Builder }

func (c *caps) WriteString(s string) (int, error) {
	return c.Builder.WriteString(strings.ToUpper(s))
}

func main() {
	l := &lines{}
	fmt.Fprintf(l, "first %d\nsecond\n", 1)
	fmt.Fprintln(l, "third")
	fmt.Fprint(l, l.items[0])
	fmt.Println(l)
	var c caps
	io.WriteString(&c, "shout ")
	fmt.Fprint(&c, "plain")
	fmt.Println(c.String())
}
