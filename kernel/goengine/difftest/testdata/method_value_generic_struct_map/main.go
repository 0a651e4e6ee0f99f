package main

import (
	"fmt"
	"sort"
	"strings"
)

type Counter[K comparable] struct {
	counts map[K]int
	order  []K
}

func NewCounter[K comparable]() *Counter[K] { return &Counter[K]{counts: map[K]int{}} }

func (c *Counter[K]) Add(k K) {
	if _, ok := c.counts[k]; !ok {
		c.order = append(c.order, k)
	}
	c.counts[k]++
}

func (c *Counter[K]) Top(n int) []K {
	ks := append([]K(nil), c.order...)
	sort.SliceStable(ks, func(i, j int) bool { return c.counts[ks[i]] > c.counts[ks[j]] })
	return ks[:min(n, len(ks))]
}

func main() {
	words := NewCounter[string]()
	add := words.Add
	for _, w := range strings.Fields("warp block warp grid thread warp block") {
		add(w)
	}
	handlers := map[string]func(int) []string{"top": words.Top}
	fmt.Println(handlers["top"](2), words.counts)
	lens := NewCounter[int]()
	for _, w := range words.order {
		lens.Add(len(w))
	}
	top := (*Counter[int]).Top
	fmt.Println(top(lens, 5), lens.order)
}
