package main

import "fmt"

func main() {
	cache := map[int]int{1: 1}
	var length func(n int) int
	length = func(n int) int {
		if v, ok := cache[n]; ok {
			return v
		}
		next := n / 2
		if n%2 == 1 {
			next = 3*n + 1
		}
		cache[n] = 1 + length(next)
		return cache[n]
	}
	best, bestLen := 0, 0
	for i := 1; i < 10000; i++ {
		if l := length(i); l > bestLen {
			best, bestLen = i, l
		}
	}
	fmt.Println(best, bestLen)
}
