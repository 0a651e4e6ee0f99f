package main

import (
	"fmt"
	"maps"
	"slices"
)

func main() {
	stock := map[string]int{"pear": 4, "apple": 7, "fig": 1, "kiwi": 7}
	keys := slices.Sorted(maps.Keys(stock))
	fmt.Println(keys)
	vals := slices.Collect(maps.Values(stock))
	slices.Sort(vals)
	fmt.Println(vals, len(vals))
	copyOf := maps.Collect(maps.All(stock))
	fmt.Println(maps.Equal(copyOf, stock))
	byIndex := maps.Collect(slices.All(keys))
	fmt.Println(byIndex[0], byIndex[3])
	doubled := slices.Collect(func(yield func(int) bool) {
		for _, k := range keys {
			if !yield(stock[k] * 2) {
				return
			}
		}
	})
	fmt.Println(doubled)
	fmt.Println(slices.Sorted(slices.Values([]string{"b", "c", "a"})))
}
