package main

import (
	"fmt"
	"iter"
)

func enumerate(words []string) iter.Seq2[int, string] {
	return func(yield func(int, string) bool) {
		for i, w := range words {
			if !yield(i+1, w) {
				return
			}
		}
	}
}

func main() {
	for n, w := range enumerate([]string{"one", "two", "three"}) {
		fmt.Printf("%d. %s\n", n, w)
	}
	for n := range enumerate([]string{"a", "b"}) {
		fmt.Println("key only", n)
	}
}
