package main

import "fmt"

type T struct {
	name string
	tags []string
}

func (t T) with(tag string) T {
	t.tags = append(t.tags, tag)
	return t
}

func (t *T) rename(n string) *T { t.name = n; return t }

func build(n int) (out T) {
	out = T{name: fmt.Sprint("t", n)}
	for i := 0; i < n; i++ {
		out = out.with(fmt.Sprint(i))
	}
	return
}

func main() {
	a := T{name: "a"}
	b := a.with("x")
	c := b.with("y")
	fmt.Println(a, b, c)
	d := T{name: "d", tags: make([]string, 0, 4)}
	e := d.with("1")
	f := d.with("2")
	fmt.Println(e.tags, f.tags)
	fmt.Println(build(0), build(2), build(3))
	p := &T{}
	p.rename("p1").rename("p2")
	fmt.Println(p.name)
	ts := []T{build(1), build(2)}
	for i := range ts {
		ts[i] = ts[i].with("z")
	}
	fmt.Println(ts)
	var results []T
	for i := 0; i < 3; i++ {
		t := build(i)
		results = append(results, t)
	}
	fmt.Println(results)
}
