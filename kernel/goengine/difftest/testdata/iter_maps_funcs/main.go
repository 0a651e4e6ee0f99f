package main

import (
	"fmt"
	"maps"
	"slices"
)

func main() {
	ages := map[string]int{"carol": 41, "alice": 30, "bob": 25}
	fmt.Println(slices.Sorted(maps.Keys(ages)))
	fmt.Println(slices.Sorted(maps.Values(ages)))
	copied := maps.Collect(maps.All(ages))
	fmt.Println(copied, maps.Equal(copied, ages))
	byAge := map[int]string{}
	maps.Insert(byAge, func(yield func(int, string) bool) {
		for k, v := range ages {
			if !yield(v, k) {
				return
			}
		}
	})
	fmt.Println(byAge)
}
