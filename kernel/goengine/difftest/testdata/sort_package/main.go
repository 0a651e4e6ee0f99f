package main

import (
	"fmt"
	"sort"
)

func main() {
	ints := []int{5, 2, 6, 3, 1, 4}
	sort.Ints(ints)
	fmt.Println(ints, sort.IntsAreSorted(ints))
	strs := []string{"peach", "Banana", "apple"}
	sort.Strings(strs)
	fmt.Println(strs)
	fl := []float64{2.5, -1, 3.25}
	sort.Float64s(fl)
	fmt.Println(fl)
	fmt.Println(sort.SearchInts(ints, 4), sort.SearchInts(ints, 10))
	i := sort.Search(100, func(i int) bool { return i*i >= 50 })
	fmt.Println(i)
	people := []struct {
		Name string
		Age  int
	}{{"a", 30}, {"b", 20}, {"c", 30}, {"d", 20}}
	sort.SliceStable(people, func(i, j int) bool { return people[i].Age < people[j].Age })
	fmt.Println(people)
	idx, found := sort.Find(len(strs), func(i int) int {
		if "apple" < strs[i] {
			return -1
		} else if "apple" == strs[i] {
			return 0
		}
		return 1
	})
	fmt.Println(idx, found)
}
