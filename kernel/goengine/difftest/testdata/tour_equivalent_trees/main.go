package main

import "fmt"

type Tree struct {
	Left  *Tree
	Value int
	Right *Tree
}

func insert(t *Tree, v int) *Tree {
	if t == nil {
		return &Tree{nil, v, nil}
	}
	if v < t.Value {
		t.Left = insert(t.Left, v)
	} else {
		t.Right = insert(t.Right, v)
	}
	return t
}

func build(k int, order []int) *Tree {
	var t *Tree
	for _, i := range order {
		t = insert(t, i*k)
	}
	return t
}

func Walk(t *Tree, ch chan int) {
	var walk func(t *Tree)
	walk = func(t *Tree) {
		if t == nil {
			return
		}
		walk(t.Left)
		ch <- t.Value
		walk(t.Right)
	}
	walk(t)
	close(ch)
}

func Same(t1, t2 *Tree) bool {
	c1, c2 := make(chan int), make(chan int)
	go Walk(t1, c1)
	go Walk(t2, c2)
	for {
		v1, ok1 := <-c1
		v2, ok2 := <-c2
		if ok1 != ok2 || v1 != v2 {
			return false
		}
		if !ok1 {
			return true
		}
	}
}

func main() {
	a := build(1, []int{5, 3, 8, 1, 4, 7, 9, 2, 6, 10})
	b := build(1, []int{1, 2, 3, 4, 5, 6, 7, 8, 9, 10})
	c := build(2, []int{5, 3, 8, 1, 4, 7, 9, 2, 6, 10})
	ch := make(chan int)
	go Walk(a, ch)
	for v := range ch {
		fmt.Print(v, " ")
	}
	fmt.Println()
	fmt.Println(Same(a, b), Same(a, c))
}
