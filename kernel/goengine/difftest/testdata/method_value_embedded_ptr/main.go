package main

import "fmt"

type counter struct{ n int }

func (c *counter) inc() int { c.n++; return c.n }
func (c counter) get() int  { return c.n }

type wrapper struct {
	*counter
	label string
}

type incer interface{ inc() int }

func main() {
	w := wrapper{&counter{}, "w"}
	f := w.inc
	g := w.get // the value is copied now
	f()
	f()
	fmt.Println(w.n, g(), w.get())
	var i incer = w
	i.inc()
	fmt.Println(w.n)
	h := (*counter).inc
	h(w.counter)
	fmt.Println(w.counter.get(), counter.get(*w.counter))
	fs := []func() int{w.inc, w.get}
	fmt.Println(fs[0](), fs[1]())
}
