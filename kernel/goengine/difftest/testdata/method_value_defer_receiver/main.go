package main

import "fmt"

type logger struct{ prefix string }

func (l logger) Log(msg string) { fmt.Println(l.prefix + msg) }

func run() {
	l := logger{"first: "}
	defer l.Log("deferred")
	l.prefix = "second: "
	l.Log("direct")
}

func main() {
	run()
}
