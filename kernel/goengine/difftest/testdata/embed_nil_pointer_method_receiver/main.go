package main

import (
	"fmt"
	"strings"
)

type Logger struct {
	prefix string
	lines  []string
}

func (l *Logger) Log(msg string) {
	if l == nil {
		fmt.Println("(discarded)", msg)
		return
	}
	l.lines = append(l.lines, l.prefix+msg)
}

func (l *Logger) Dump() string {
	if l == nil {
		return "<no logger>"
	}
	return strings.Join(l.lines, "; ")
}

type Device struct {
	*Logger
	Name string
}

type Tree struct {
	Left, Right *Tree
	Val         int
}

func (t *Tree) Sum() int {
	if t == nil {
		return 0
	}
	return t.Val + t.Left.Sum() + t.Right.Sum()
}

func main() {
	d := Device{Name: "gpu0"}
	d.Log("init")
	fmt.Println(d.Dump())
	d.Logger = &Logger{prefix: "[gpu0] "}
	d.Log("init")
	d.Log("ready")
	fmt.Println(d.Dump())
	f := Device{}.Dump
	fmt.Println(f())
	t := &Tree{Val: 1, Left: &Tree{Val: 2}, Right: &Tree{Val: 3, Left: &Tree{Val: 4}}}
	fmt.Println(t.Sum(), (*Tree)(nil).Sum())
	defer func() { fmt.Println("recovered:", recover()) }()
	fmt.Println(d.Logger.prefix, Device{}.prefix)
}
