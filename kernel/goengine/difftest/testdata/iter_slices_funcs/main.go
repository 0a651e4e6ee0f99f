package main

import (
	"fmt"
	"slices"
)

func main() {
	s := []string{"a", "b", "c"}
	for i, v := range slices.All(s) {
		fmt.Print(i, v, " ")
	}
	fmt.Println()
	for i, v := range slices.Backward(s) {
		fmt.Print(i, v, " ")
	}
	fmt.Println()
	fmt.Println(slices.Collect(slices.Values(s)))
	fmt.Println(slices.AppendSeq([]string{"z"}, slices.Values(s)))
	fmt.Println(slices.Sorted(slices.Values([]int{3, 1, 2})))
	for c := range slices.Chunk([]int{1, 2, 3, 4, 5}, 2) {
		fmt.Print(c, " ")
	}
	fmt.Println()
}
