package main

import (
	"fmt"
	"sort"
)

func main() {
	groups := map[int][]string{}
	for _, w := range []string{"go", "is", "fun", "and", "fast", "yes"} {
		groups[len(w)] = append(groups[len(w)], w)
	}
	fmt.Println(groups)
	groups[3][0] = "FUN"
	fmt.Println(groups[3])
	var lens []int
	for k := range groups {
		lens = append(lens, k)
	}
	sort.Ints(lens)
	for _, k := range lens {
		fmt.Println(k, len(groups[k]))
	}
}
