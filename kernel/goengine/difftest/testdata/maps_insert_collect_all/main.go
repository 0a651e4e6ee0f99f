package main

import (
	"fmt"
	"maps"
	"slices"
)

type inventory map[string]int

func main() {
	stock := inventory{"apple": 3, "pear": 0}
	extra := map[string]int{"fig": 7, "apple": 5}
	maps.Insert(stock, maps.All(extra))
	keys := slices.Sorted(maps.Keys(stock))
	for _, k := range keys {
		fmt.Println(k, stock[k])
	}
	vals := slices.Sorted(maps.Values(stock))
	fmt.Println(vals)

	squares := maps.Collect(func(yield func(int, int) bool) {
		for i := range 4 {
			if !yield(i, i*i) {
				return
			}
		}
	})
	fmt.Println(squares)
	maps.DeleteFunc(stock, func(k string, v int) bool { return v == 0 })
	fmt.Println(len(stock), stock)
	fmt.Printf("%T\n", stock)
}
