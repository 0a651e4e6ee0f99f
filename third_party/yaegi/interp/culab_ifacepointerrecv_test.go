package interp_test

import "testing"

// culab patch 125: a compiled interface holding a pointer calls its value
// methods on what the pointer points to at each call: a heap built with
// heap.Push alone pops in order, and Len through the interface sees the
// Push before it.
func TestInterfacePointerValueMethods(t *testing.T) {
	got := evalMain(t, `package main

import (
	"container/heap"
	"fmt"
	"sort"
)

type IntHeap []int

func (h IntHeap) Len() int           { return len(h) }
func (h IntHeap) Less(i, j int) bool { return h[i] < h[j] }
func (h IntHeap) Swap(i, j int)      { h[i], h[j] = h[j], h[i] }
func (h *IntHeap) Push(x any)        { *h = append(*h, x.(int)) }
func (h *IntHeap) Pop() any {
	old := *h
	n := len(old)
	x := old[n-1]
	*h = old[:n-1]
	return x
}

type counter struct{ n int }

func (c counter) String() string { return fmt.Sprint("n=", c.n) }

func main() {
	h := &IntHeap{}
	for _, v := range []int{5, 1, 4, 2, 3} {
		heap.Push(h, v)
	}
	for h.Len() > 0 {
		fmt.Print(heap.Pop(h), " ")
	}
	fmt.Println()
	var hi heap.Interface = &IntHeap{9}
	heap.Push(hi, 1)
	fmt.Println(hi.Len())
	c := &counter{1}
	var s fmt.Stringer = c
	c.n = 2
	fmt.Println(s.String())
	xs := &IntHeap{3, 1, 2}
	var si sort.Interface = xs
	*xs = append(*xs, 0)
	sort.Sort(si)
	fmt.Println(*xs)
}
`)
	if want := "1 2 3 4 5 \n2\nn=2\n[0 1 2 3]\n"; got != want {
		t.Errorf("got:\n%swant:\n%s", got, want)
	}
}
