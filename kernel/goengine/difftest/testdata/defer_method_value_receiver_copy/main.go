package main

import "fmt"

type counter struct{ n int }

func (c counter) show(tag string)   { fmt.Println(tag, c.n) }
func (c *counter) showp(tag string) { fmt.Println(tag, c.n) }

func run() {
	c := counter{1}
	defer c.show("value")
	defer c.showp("pointer")
	f := c.show
	defer f("methodvalue")
	g := counter.show
	defer g(c, "methodexpr")
	c.n = 2
	for i := 0; i < 3; i++ {
		defer func() { fmt.Println("loop", i, c.n) }()
		defer fmt.Println("arg", i*10)
	}
	c.n = 3
}

func main() {
	run()
}
