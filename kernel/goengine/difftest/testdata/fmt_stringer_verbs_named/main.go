package main

import (
	"fmt"
	"strings"
)

type level int

const (
	debug level = iota
	info
	warn
)

func (l level) String() string {
	switch l {
	case debug:
		return "DEBUG"
	case info:
		return "INFO"
	case warn:
		return "WARN"
	}
	return fmt.Sprintf("level(%d)", int(l))
}

type point struct{ x, y int }

func (p point) String() string { return fmt.Sprintf("(%d,%d)", p.x, p.y) }

type path []point

func (p path) String() string {
	parts := make([]string, len(p))
	for i, pt := range p {
		parts[i] = pt.String()
	}
	return strings.Join(parts, "->")
}

func main() {
	l := warn
	fmt.Printf("%v|%s|%d|%q|%x|%5s|%-7v|\n", l, l, l, l, l, l, l)
	fmt.Println(level(7), []level{debug, info}, map[level]int{warn: 1, debug: 2})
	p := path{{1, 2}, {3, 4}}
	fmt.Println(p, len(p), p[0])
	fmt.Printf("%v %s %d\n", p, p, p)
	fmt.Printf("%+v %#v\n", point{1, 2}, point{1, 2})
	var s fmt.Stringer = p
	fmt.Println(s, fmt.Sprint(l, p))
	type wrapper struct {
		L level
		P *point
	}
	fmt.Printf("%v %+v\n", wrapper{info, nil}, wrapper{L: warn})
	fmt.Println(fmt.Sprintf("%08.3f|%+d|%x", 3.14159, 5, "hi"))
}
