package main

import "fmt"

type Counter struct{ n int }

func (c *Counter) Inc()    { c.n++ }
func (c Counter) Get() int { return c.n }

type Incer interface{ Inc() }
type Getter interface{ Get() int }

type Bag struct {
	C     Counter
	Items []Counter
	M     map[string]*Counter
}

func main() {
	var c Counter
	c.Inc() // addressable: (&c).Inc()
	c.Inc()
	fmt.Println(c.Get())
	arr := [2]Counter{}
	arr[1].Inc()
	sl := []Counter{{}, {}}
	sl[0].Inc()
	sl[0].Inc()
	fmt.Println(arr[1].Get(), sl[0].Get())
	b := Bag{M: map[string]*Counter{"x": {}}}
	b.C.Inc()
	b.Items = append(b.Items, Counter{5})
	b.Items[0].Inc()
	b.M["x"].Inc()
	fmt.Println(b.C.Get(), b.Items[0].Get(), b.M["x"].Get())
	var i Incer = &c
	i.Inc()
	fmt.Println(c.n)
	var g Getter = c // copy
	c.Inc()
	fmt.Println(g.Get(), c.Get())
	g = &c
	c.Inc()
	fmt.Println(g.Get())
	_, ok := g.(Incer)
	var g2 Getter = Counter{}
	_, ok2 := g2.(Incer)
	fmt.Println(ok, ok2)
	f := c.Inc // bound to &c
	f()
	f()
	fmt.Println(c.Get())
	h := (*Counter).Inc
	h(&c)
	fmt.Println(Counter.Get(c))
}
