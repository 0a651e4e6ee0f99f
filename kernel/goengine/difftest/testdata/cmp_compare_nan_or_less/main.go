package main

import (
	"cmp"
	"fmt"
	"math"
	"slices"
)

type person struct {
	name string
	age  int
}

func main() {
	nan := math.NaN()
	fmt.Println(cmp.Compare(nan, 1.0), cmp.Compare(1.0, nan), cmp.Compare(nan, nan))
	fmt.Println(cmp.Less(nan, math.Inf(-1)), cmp.Less(-0.0, 0.0), cmp.Compare("b", "a"))
	fs := []float64{3, nan, -1, math.Inf(1), nan, 0}
	slices.Sort(fs)
	fmt.Println(fs)
	fmt.Println(cmp.Or(0, 0, 7, 9), cmp.Or("", "x"), cmp.Or[int]())
	people := []person{{"al", 30}, {"bo", 25}, {"cy", 30}, {"al", 20}}
	slices.SortFunc(people, func(a, b person) int {
		return cmp.Or(cmp.Compare(b.age, a.age), cmp.Compare(a.name, b.name))
	})
	fmt.Println(people)
	fmt.Println(min(2.0, nan), max(-0.0, 0.0), min("b", "a", "c"))
}
