package main

import (
	"fmt"
	"sort"
)

type reverse struct {
	sort.Interface
}

func (r reverse) Less(i, j int) bool { return r.Interface.Less(j, i) }

func main() {
	nums := []int{3, 1, 4, 1, 5, 9, 2, 6}
	sort.Sort(reverse{sort.IntSlice(nums)})
	fmt.Println(nums)
	words := sort.StringSlice{"b", "c", "a"}
	sort.Sort(reverse{words})
	fmt.Println(words)
}
