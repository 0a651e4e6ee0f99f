package main

import (
	"fmt"
	"strings"
)

type Node struct {
	Val         int
	Left, Right *Node
}

func (n *Node) Insert(v int) *Node {
	if n == nil {
		return &Node{Val: v}
	}
	if v < n.Val {
		n.Left = n.Left.Insert(v)
	} else {
		n.Right = n.Right.Insert(v)
	}
	return n
}

func (n *Node) String() string {
	if n == nil {
		return "()"
	}
	return fmt.Sprintf("(%v %d %v)", n.Left, n.Val, n.Right)
}

func (n *Node) Walk(f func(int)) {
	if n == nil {
		return
	}
	n.Left.Walk(f)
	f(n.Val)
	n.Right.Walk(f)
}

func (n *Node) Height() int {
	if n == nil {
		return 0
	}
	return 1 + max(n.Left.Height(), n.Right.Height())
}

type List struct {
	head *elem
	size int
}

type elem struct {
	v    string
	next *elem
}

func (l *List) Push(v string) {
	l.head = &elem{v, l.head}
	l.size++
}

func (l List) String() string {
	var parts []string
	for e := l.head; e != nil; e = e.next {
		parts = append(parts, e.v)
	}
	return "[" + strings.Join(parts, "->") + "]"
}

func main() {
	var root *Node
	for _, v := range []int{5, 3, 8, 1, 4, 9} {
		root = root.Insert(v)
	}
	fmt.Println(root)
	var sorted []int
	root.Walk(func(v int) { sorted = append(sorted, v) })
	fmt.Println(sorted, root.Height())
	var empty *Node
	fmt.Println(empty, empty.Height())
	var l List
	l.Push("a")
	l.Push("b")
	fmt.Println(l, &l, l.size)
	fmt.Printf("%v %s\n", []fmt.Stringer{root.Left, l}, l)
}
