package main

import "fmt"

type logger interface{ Log(string) }

type buf struct{ lines []string }

func (b *buf) Log(s string) { b.lines = append(b.lines, s) }

type prefixed struct {
	logger
	p string
}

func (p prefixed) Log(s string) { p.logger.Log(p.p + s) }

func work(l logger) (err error) {
	log := l.Log
	defer log("deferred 1")
	defer func() {
		if r := recover(); r != nil {
			log(fmt.Sprint("recovered ", r))
			err = fmt.Errorf("work: %v", r)
		}
	}()
	for i := 0; i < 3; i++ {
		defer l.Log(fmt.Sprint("loop ", i))
	}
	log("body")
	panic("boom")
}

func main() {
	b := &buf{}
	err := work(prefixed{b, "> "})
	fmt.Println(err)
	for _, l := range b.lines {
		fmt.Println(l)
	}
	var l logger = b
	f := l.Log
	l = prefixed{b, "x"}
	f("via old")
	l.Log("via new")
	fmt.Println(b.lines[len(b.lines)-2:])
	mexpr := logger.Log
	mexpr(prefixed{b, "m:"}, "expr")
	fmt.Println(b.lines[len(b.lines)-1])
}
