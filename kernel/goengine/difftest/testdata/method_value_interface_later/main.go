package main

import (
	"fmt"
	"strings"
)

type greeter interface{ Greet(string) string }

type english struct{ excl bool }

func (e english) Greet(n string) string {
	if e.excl {
		return "Hello, " + n + "!"
	}
	return "Hello, " + n
}

type french struct{}

func (*french) Greet(n string) string { return "Bonjour, " + n }

func main() {
	var gs []func(string) string
	var g greeter = english{}
	gs = append(gs, g.Greet)
	g = english{excl: true}
	gs = append(gs, g.Greet)
	g = &french{}
	gs = append(gs, g.Greet)
	for _, f := range gs {
		fmt.Println(f("ann"))
	}
	up := strings.ToUpper
	trans := []func(string) string{up, strings.TrimSpace, english{}.Greet}
	s := "  x "
	for _, t := range trans {
		s = t(s)
	}
	fmt.Printf("%q\n", s)
	e := english{}
	bound := e.Greet
	e.excl = true
	fmt.Println(bound("bob"), e.Greet("bob"))
	expr := english.Greet
	fmt.Println(expr(english{true}, "cid"))
	iexpr := greeter.Greet
	fmt.Println(iexpr(&french{}, "dee"))
}
