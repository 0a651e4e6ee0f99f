package main

import (
	"fmt"
	"sort"
)

func main() {
	m := map[int]bool{}
	for i := 0; i < 10; i++ {
		m[i] = i%3 == 0
	}
	for k, keep := range m {
		if !keep {
			delete(m, k)
		}
	}
	var keys []int
	for k := range m {
		keys = append(keys, k)
	}
	sort.Ints(keys)
	fmt.Println(keys)
	sum := 0
	for k := range m {
		sum += k
	}
	fmt.Println(sum)
}
