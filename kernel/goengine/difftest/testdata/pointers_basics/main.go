package main

import "fmt"

type node struct {
	v    int
	next *node
}

func increment(p *int) { *p++ }

func newInt(v int) *int { return &v }

func main() {
	x := 1
	p := &x
	increment(p)
	*p *= 10
	fmt.Println(x, *p, p == &x)
	q := newInt(5)
	r := newInt(5)
	fmt.Println(*q == *r, q == r)
	var list *node
	for i := 0; i < 3; i++ {
		list = &node{i, list}
	}
	for n := list; n != nil; n = n.next {
		fmt.Print(n.v, " ")
	}
	fmt.Println()
	pp := &p
	**pp = 42
	fmt.Println(x)
	np := new(node)
	fmt.Println(np.v, np.next == nil)
}
