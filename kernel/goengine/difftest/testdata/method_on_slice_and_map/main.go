package main

import (
	"fmt"
	"sort"
	"strings"
)

type Words []string

func (w Words) Longest() string {
	best := ""
	for _, s := range w {
		if len(s) > len(best) {
			best = s
		}
	}
	return best
}

func (w *Words) Add(s string) { *w = append(*w, s) }

type Inventory map[string]int

func (inv Inventory) Add(item string, n int) { inv[item] += n }

func (inv Inventory) String() string {
	var keys []string
	for k := range inv {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	var b strings.Builder
	for _, k := range keys {
		fmt.Fprintf(&b, "%s:%d;", k, inv[k])
	}
	return b.String()
}

func main() {
	var w Words
	w.Add("go")
	w.Add("gopher")
	w.Add("gc")
	fmt.Println(w.Longest(), len(w))
	inv := Inventory{}
	inv.Add("apple", 3)
	inv.Add("pear", 1)
	inv.Add("apple", 2)
	fmt.Println(inv)
}
