package main

import "fmt"

type logger struct{ prefix string }

func (l logger) log(msg string)   { fmt.Println(l.prefix + msg) }
func (l *logger) plog(msg string) { fmt.Println(l.prefix + msg) }

func main() {
	l := logger{"A:"}
	defer l.log("value receiver, evaluated at defer")
	defer l.plog("pointer receiver, sees the change")
	x := 1
	defer fmt.Println("arg evaluated at defer:", x)
	defer func() { fmt.Println("closure sees:", x) }()
	l.prefix = "B:"
	x = 2
	f := l.log
	l.prefix = "C:"
	f("method value bound at B")
}
