package main

import "fmt"

type counter struct{ n int }

func (c counter) incVal()  { c.n++ }
func (c *counter) incPtr() { c.n++ }

type grid [2][2]int

func (g grid) sum() (s int) {
	for _, r := range g {
		for _, v := range r {
			s += v
		}
	}
	return
}

func (g *grid) set(i, j, v int) { g[i][j] = v }

type named []int

func (n named) first() int { return n[0] }

func main() {
	cs := []counter{{1}, {2}}
	for _, c := range cs {
		c.incPtr()
	}
	fmt.Println(cs)
	for i := range cs {
		cs[i].incPtr()
	}
	fmt.Println(cs)
	m := map[string]*counter{"a": {1}}
	m["a"].incPtr()
	fmt.Println(m["a"].n)
	var g grid
	g.set(0, 1, 5)
	h := g
	h.set(1, 1, 7)
	fmt.Println(g, h, g.sum(), h.sum())
	f := g.sum
	g.set(0, 0, 100)
	fmt.Println(f(), g.sum())
	var i interface{ sum() int } = g
	g.set(1, 0, 1)
	fmt.Println(i.sum(), g.sum())
	n := named{4, 5}
	fmt.Println(n.first(), named.first(n))
	arr := [3]counter{}
	arr[1].incPtr()
	pa := &arr
	pa[2].incPtr()
	fmt.Println(arr)
	type pair struct {
		a, b *int
	}
	x, y := 1, 2
	pp := pair{&x, &y}
	*pp.a, *pp.b = *pp.b, *pp.a
	fmt.Println(x, y)
}
