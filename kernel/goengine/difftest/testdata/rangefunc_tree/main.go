package main

import "fmt"

type node struct {
	val         int
	left, right *node
}

func insert(n *node, v int) *node {
	if n == nil {
		return &node{val: v}
	}
	if v < n.val {
		n.left = insert(n.left, v)
	} else {
		n.right = insert(n.right, v)
	}
	return n
}

func (n *node) walk(yield func(int) bool) bool {
	if n == nil {
		return true
	}
	return n.left.walk(yield) && yield(n.val) && n.right.walk(yield)
}

func (n *node) All() func(yield func(int) bool) {
	return func(yield func(int) bool) { n.walk(yield) }
}

func main() {
	var root *node
	for _, v := range []int{50, 30, 70, 20, 40, 60, 80} {
		root = insert(root, v)
	}
	for v := range root.All() {
		fmt.Print(v, " ")
	}
	fmt.Println()
	for v := range root.All() {
		if v > 45 {
			fmt.Println("first above 45:", v)
			break
		}
	}
}
