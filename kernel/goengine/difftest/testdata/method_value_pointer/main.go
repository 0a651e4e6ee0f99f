package main

import "fmt"

type counter struct{ n int }

func (c *counter) Inc() { c.n++ }

func (c counter) Get() int { return c.n }

func main() {
	var c counter
	inc := c.Inc
	inc()
	inc()
	fmt.Println(c.n)
	get := c.Get
	c.n = 100
	fmt.Println(get(), c.Get())
	p := &c
	getP := p.Get
	p.n = 5
	fmt.Println(getP())
}
