package main

import "fmt"

type base struct{ hits int }

func (b *base) Hit() int    { b.hits++; return b.hits }
func (b base) Name() string { return fmt.Sprintf("base(%d)", b.hits) }
func (b *base) Reset()      { b.hits = 0 }

type hitter interface{ Hit() int }
type namer interface{ Name() string }

type byValue struct{ base }
type byPtr struct{ *base }
type twice struct {
	byPtr
	extra int
}

func use(h hitter, n int) int {
	r := 0
	for range n {
		r = h.Hit()
	}
	return r
}

func main() {
	v := &byValue{}
	fmt.Println(use(v, 3), v.hits, v.Name())

	shared := &base{}
	p1, p2 := byPtr{shared}, byPtr{shared}
	fmt.Println(use(p1, 2), use(p2, 2), shared.hits)

	var h hitter = p1
	var n namer = p1
	h.Hit()
	fmt.Println(n.Name(), p2.Name())

	t := twice{byPtr{&base{}}, 7}
	var ht hitter = t
	ht.Hit()
	t.Hit()
	fmt.Println(t.hits, t.Name(), t.extra)
	t.Reset()
	fmt.Println(t.base.hits)

	_, isHitter := any(byValue{}).(hitter)
	_, ptrIsHitter := any(&byValue{}).(hitter)
	_, valNamer := any(byValue{}).(namer)
	fmt.Println(isHitter, ptrIsHitter, valNamer)
	hits := (*base).Hit
	name := base.Name
	b := base{5}
	fmt.Println(hits(&b), name(b))
}
