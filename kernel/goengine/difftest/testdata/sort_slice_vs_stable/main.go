package main

import (
	"fmt"
	"sort"
)

type rec struct {
	name string
	age  int
}

func main() {
	people := []rec{{"ann", 30}, {"bob", 25}, {"cid", 30}, {"dee", 25}, {"eve", 30}, {"fay", 20}, {"gus", 25}}
	stable := append([]rec(nil), people...)
	sort.SliceStable(stable, func(i, j int) bool { return stable[i].age < stable[j].age })
	fmt.Println(stable)
	s := append([]rec(nil), people...)
	sort.Slice(s, func(i, j int) bool {
		if s[i].age != s[j].age {
			return s[i].age > s[j].age
		}
		return s[i].name < s[j].name
	})
	fmt.Println(s)
	idx := sort.Search(len(stable), func(i int) bool { return stable[i].age >= 30 })
	fmt.Println(idx, stable[idx].name)
	fmt.Println(sort.SliceIsSorted(stable, func(i, j int) bool { return stable[i].age < stable[j].age }))
	words := sort.StringSlice{"pear", "fig", "apple"}
	sort.Sort(sort.Reverse(words))
	fmt.Println(words, words.Search("fig"))
}
