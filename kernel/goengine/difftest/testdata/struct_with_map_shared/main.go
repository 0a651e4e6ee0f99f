package main

import (
	"fmt"
	"sort"
)

type config struct {
	name  string
	opts  map[string]int
	list  []int
	inner struct{ n int }
}

func keys(m map[string]int) []string {
	var ks []string
	for k := range m {
		ks = append(ks, k)
	}
	sort.Strings(ks)
	return ks
}

func main() {
	a := config{name: "a", opts: map[string]int{"x": 1}, list: []int{1, 2}}
	b := a
	b.name = "b"
	b.opts["y"] = 2
	b.list[0] = 100
	b.list = append(b.list, 3)
	b.inner.n = 7
	fmt.Println(a.name, keys(a.opts), a.list, a.inner.n)
	fmt.Println(b.name, keys(b.opts), b.list, b.inner.n)
	c := a
	c.opts = map[string]int{}
	c.opts["z"] = 3
	fmt.Println(keys(a.opts), keys(c.opts))
	ptrs := map[string]*config{"a": &a}
	ptrs["a"].inner.n = 9
	fmt.Println(a.inner.n)
}
