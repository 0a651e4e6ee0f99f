package main

import (
	"cmp"
	"fmt"
)

func Max[T cmp.Ordered](first T, rest ...T) T {
	m := first
	for _, v := range rest {
		if v > m {
			m = v
		}
	}
	return m
}

type Score int

func main() {
	fmt.Println(Max(3, 9, 2))
	fmt.Println(Max("pear", "apple", "zucchini", "fig"))
	fmt.Println(Max(2.5, -1.0))
	fmt.Println(Max[Score](10, 40, 20))
	fmt.Printf("%T\n", Max[Score](1))
}
