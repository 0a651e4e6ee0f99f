package main

import (
	"fmt"
	"iter"
	"slices"
)

func main() {
	next, stop := iter.Pull(slices.Values([]string{"red", "green", "blue"}))
	defer stop()
	for {
		v, ok := next()
		if !ok {
			break
		}
		fmt.Println(v)
	}
	v, ok := next()
	fmt.Printf("%q %v\n", v, ok)

	next2, stop2 := iter.Pull2(slices.All([]int{10, 20, 30}))
	i, x, ok := next2()
	fmt.Println(i, x, ok)
	stop2()
	i, x, ok = next2()
	fmt.Println(i, x, ok)
}
