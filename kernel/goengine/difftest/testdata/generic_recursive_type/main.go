package main

import "fmt"

type Ordered interface {
	~int | ~string
}

type Heap[T Ordered] struct{ data []T }

func (h *Heap[T]) Push(v T) {
	h.data = append(h.data, v)
	i := len(h.data) - 1
	for i > 0 {
		p := (i - 1) / 2
		if h.data[p] <= h.data[i] {
			break
		}
		h.data[p], h.data[i] = h.data[i], h.data[p]
		i = p
	}
}

func (h *Heap[T]) Pop() T {
	top := h.data[0]
	last := len(h.data) - 1
	h.data[0] = h.data[last]
	h.data = h.data[:last]
	i := 0
	for {
		l, r, small := 2*i+1, 2*i+2, i
		if l < len(h.data) && h.data[l] < h.data[small] {
			small = l
		}
		if r < len(h.data) && h.data[r] < h.data[small] {
			small = r
		}
		if small == i {
			return top
		}
		h.data[i], h.data[small] = h.data[small], h.data[i]
		i = small
	}
}

func main() {
	var h Heap[int]
	for _, v := range []int{9, 4, 7, 1, 8, 2} {
		h.Push(v)
	}
	for len(h.data) > 0 {
		fmt.Print(h.Pop(), " ")
	}
	fmt.Println()
	var hs Heap[string]
	for _, v := range []string{"pear", "fig", "apple"} {
		hs.Push(v)
	}
	fmt.Println(hs.Pop(), hs.Pop())
}
