package main

import (
	"fmt"
	"iter"
)

type ring struct {
	items []string
	start int
}

func (r *ring) All() iter.Seq2[int, string] {
	return func(yield func(int, string) bool) {
		for i := range len(r.items) {
			if !yield(i, r.items[(r.start+i)%len(r.items)]) {
				return
			}
		}
	}
}

func (r *ring) Each(yield func(string) bool) {
	for _, s := range r.items {
		if !yield(s) {
			return
		}
	}
}

func times(n int) func(func() bool) {
	return func(yield func() bool) {
		for range n {
			if !yield() {
				return
			}
		}
	}
}

func main() {
	r := &ring{items: []string{"a", "b", "c", "d"}, start: 2}
	for i, s := range r.All() {
		fmt.Print(i, s, " ")
	}
	fmt.Println()
	for s := range r.Each {
		if s == "c" {
			break
		}
		fmt.Print(s, " ")
	}
	fmt.Println()
	count := 0
	for range times(5) {
		count++
		if count == 3 {
			continue
		}
	}
	fmt.Println("count", count)
	each := r.Each
	r.items = []string{"x"}
	for s := range each {
		fmt.Println("after swap:", s)
	}
}
