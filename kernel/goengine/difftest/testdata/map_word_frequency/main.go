package main

import (
	"fmt"
	"sort"
	"strings"
)

func main() {
	text := "the quick brown fox jumps over the lazy dog the fox"
	freq := map[string]int{}
	for _, w := range strings.Fields(text) {
		freq[w]++
	}
	type wc struct {
		w string
		c int
	}
	var list []wc
	for w, c := range freq {
		list = append(list, wc{w, c})
	}
	sort.Slice(list, func(i, j int) bool {
		if list[i].c != list[j].c {
			return list[i].c > list[j].c
		}
		return list[i].w < list[j].w
	})
	for _, e := range list[:4] {
		fmt.Printf("%-5s %d\n", e.w, e.c)
	}
}
