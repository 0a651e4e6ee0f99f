package main

import "fmt"

type node struct{ id int }

func (n *node) String() string { return fmt.Sprintf("node(%d)", n.id) }

func main() {
	v := node{1}
	p := &node{2}
	fmt.Println(v, p)
	fmt.Println([]*node{p, {3}})
	fmt.Println([]node{v})
	fmt.Printf("%s %v\n", p, *p)
	m := map[string]*node{"a": p}
	fmt.Println(m)
}
