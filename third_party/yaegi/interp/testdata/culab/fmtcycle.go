// culab patch 42: a type that refers to itself through an unexported field prints.
package main

import "fmt"

type node struct {
	val  int
	next *node
}

type tree struct {
	Left, Right *tree
	label       string
	kids        []*tree
}

func main() {
	n := &node{val: 1}
	n.next = n
	fmt.Println(n.val, n.next == n)
	s := fmt.Sprintf("%v %+v", *n, *n)
	fmt.Println(len(s) > 0)
	t := &tree{label: "root"}
	t.kids = []*tree{{label: "kid"}}
	fmt.Printf("%v %d\n", t.label, len(fmt.Sprint(t)) > 0)
	fmt.Printf("%+v\n", tree{label: "x"})
}

// Output:
// 1 true
// true
// root %!d(bool=true)
// {Left:<nil> Right:<nil> label:x kids:[]}
