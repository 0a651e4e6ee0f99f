package main

// culab patch 70: recover gives a panic value of a cell type with methods
// with its type: fmt calls its String, assertions and type switches match.

import "fmt"

type state struct {
	name string
	n    int
}

func (s state) String() string { return fmt.Sprintf("%s#%d", s.name, s.n) }

type level int

func (l level) String() string { return fmt.Sprint("L", int(l)) }
func (l level) up() level      { return l + 1 }

func try(f func()) {
	defer func() {
		r := recover()
		fmt.Println(r)
		if s, ok := r.(fmt.Stringer); ok {
			fmt.Println("stringer:", s.String())
		}
		switch v := r.(type) {
		case state:
			fmt.Println("state", v.n)
		case level:
			fmt.Println("level", v.up())
		case *state:
			fmt.Println("ptr", v.name)
		}
	}()
	f()
}

func main() {
	try(func() { panic(state{"s", 2}) })
	try(func() { panic(level(4)) })
	try(func() { panic(&state{"p", 1}) })
	var sv fmt.Stringer = state{"i", 9}
	try(func() { panic(sv) })
}

// Output:
// s#2
// stringer: s#2
// state 2
// L4
// stringer: L4
// level L5
// p#1
// stringer: p#1
// ptr p
// i#9
// stringer: i#9
// state 9
