package main

import (
	"fmt"
	"iter"
	"maps"
	"slices"
)

func sortedPairs(m map[string]int) iter.Seq2[string, int] {
	return func(yield func(string, int) bool) {
		for _, k := range slices.Sorted(maps.Keys(m)) {
			if !yield(k, m[k]) {
				return
			}
		}
	}
}

func main() {
	next, stop := iter.Pull2(sortedPairs(map[string]int{"b": 2, "a": 1, "c": 3}))
	defer stop()
	for {
		k, v, ok := next()
		if !ok {
			break
		}
		fmt.Println(k, v)
		if k == "b" {
			stop()
		}
	}
	k, v, ok := next()
	fmt.Printf("%q %d %v\n", k, v, ok)
}
