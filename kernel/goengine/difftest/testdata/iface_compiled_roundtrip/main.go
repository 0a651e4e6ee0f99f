package main

import (
	"container/heap"
	"errors"
	"fmt"
	"io"
	"sort"
	"strings"
)

type byLen []string

func (b byLen) Len() int { return len(b) }
func (b byLen) Less(i, j int) bool {
	return len(b[i]) < len(b[j]) || len(b[i]) == len(b[j]) && b[i] < b[j]
}
func (b byLen) Swap(i, j int) { b[i], b[j] = b[j], b[i] }

type minHeap []int

func (h minHeap) Len() int           { return len(h) }
func (h minHeap) Less(i, j int) bool { return h[i] < h[j] }
func (h minHeap) Swap(i, j int)      { h[i], h[j] = h[j], h[i] }
func (h *minHeap) Push(x any)        { *h = append(*h, x.(int)) }
func (h *minHeap) Pop() any {
	old := *h
	x := old[len(old)-1]
	*h = old[:len(old)-1]
	return x
}

type upper struct {
	n  int
	sb strings.Builder
}

func (u *upper) Write(p []byte) (int, error) {
	u.n += len(p)
	u.sb.WriteString(strings.ToUpper(string(p)))
	return len(p), nil
}

type notFound struct{ key string }

func (e notFound) Error() string { return "not found: " + e.key }

type tag string

func (t tag) String() string { return "#" + string(t) }

func find(k string) error {
	if k == "" {
		return nil
	}
	return notFound{k}
}

func main() {
	words := byLen{"banana", "fig", "apple", "kiwi", "date"}
	var si sort.Interface = words
	sort.Sort(si)
	fmt.Println(words, sort.IsSorted(words))
	sort.Sort(sort.Reverse(words))
	fmt.Println(words)
	back := si.(byLen)
	fmt.Println(back[0], len(back))

	h := &minHeap{5, 2, 8}
	heap.Init(h)
	heap.Push(h, 1)
	var hi heap.Interface = h
	for hi.Len() > 0 {
		fmt.Print(heap.Pop(hi), " ")
	}
	fmt.Println()
	_, isHeap := hi.(*minHeap)
	fmt.Println(isHeap)

	u := &upper{}
	var w io.Writer = u
	fmt.Fprintf(w, "hello %d ", 42)
	io.WriteString(w, "world")
	mw := io.MultiWriter(w, io.Discard)
	fmt.Fprint(mw, "!")
	fmt.Println(u.n, u.sb.String())
	if uu, ok := w.(*upper); ok {
		fmt.Println("back", uu.n)
	}

	err := find("x")
	fmt.Println(err)
	var nf notFound
	fmt.Println(errors.As(err, &nf), nf.key)
	fmt.Println(find("") == nil)
	e2 := fmt.Errorf("ctx: %w", err)
	fmt.Println(errors.Is(e2, notFound{"x"}), errors.Is(e2, notFound{"y"}))
	var target notFound
	if errors.As(e2, &target) {
		fmt.Println("as", target.key)
	}

	var s fmt.Stringer = tag("go")
	fmt.Println(s, s.String())
	ss := []fmt.Stringer{tag("a"), tag("b")}
	fmt.Println(ss)
	t, ok := s.(tag)
	fmt.Println(t, ok)
	m := map[string]fmt.Stringer{"k": tag("v")}
	fmt.Println(m)
}
