package main

import (
	"cmp"
	"fmt"
	"slices"
	"strings"
)

type person struct {
	name string
	age  int
}

func main() {
	people := []person{{"Dana", 31}, {"eli", 25}, {"Cy", 31}, {"bo", 25}}
	slices.SortFunc(people, func(a, b person) int {
		return cmp.Or(
			cmp.Compare(a.age, b.age),
			strings.Compare(strings.ToLower(a.name), strings.ToLower(b.name)),
		)
	})
	fmt.Println(people)
	fmt.Println(cmp.Compare(1, 2), cmp.Compare("b", "a"), cmp.Less(1.0, 1.0))
	fmt.Println(cmp.Or("", "fallback"), cmp.Or(0, 0, 3))
	i, found := slices.BinarySearchFunc(people, 31, func(p person, age int) int { return cmp.Compare(p.age, age) })
	fmt.Println(i, found)
}
