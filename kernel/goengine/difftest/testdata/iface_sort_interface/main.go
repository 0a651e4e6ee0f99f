package main

import (
	"fmt"
	"sort"
)

type byLen []string

func (b byLen) Len() int           { return len(b) }
func (b byLen) Less(i, j int) bool { return len(b[i]) < len(b[j]) }
func (b byLen) Swap(i, j int)      { b[i], b[j] = b[j], b[i] }

func main() {
	fruits := []string{"banana", "kiwi", "apple", "fig", "cherry"}
	sort.Stable(byLen(fruits))
	fmt.Println(fruits)
	sort.Sort(sort.Reverse(sort.StringSlice(fruits)))
	fmt.Println(fruits)
	fmt.Println(sort.IsSorted(byLen(fruits)))
}
