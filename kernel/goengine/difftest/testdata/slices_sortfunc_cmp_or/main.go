package main

import (
	"cmp"
	"fmt"
	"slices"
	"strings"
)

type Student struct {
	Name  string
	Grade int
	Age   int
}

func main() {
	class := []Student{
		{"Lea", 90, 20}, {"bob", 85, 22}, {"Ann", 90, 19}, {"cid", 85, 22}, {"Eve", 70, 21},
	}
	slices.SortFunc(class, func(a, b Student) int {
		return cmp.Or(
			cmp.Compare(b.Grade, a.Grade),
			cmp.Compare(a.Age, b.Age),
			strings.Compare(strings.ToLower(a.Name), strings.ToLower(b.Name)),
		)
	})
	for _, s := range class {
		fmt.Println(s.Name, s.Grade, s.Age)
	}
	names := []string{"delta", "Alpha", "charlie", "Bravo"}
	slices.SortStableFunc(names, func(a, b string) int {
		return cmp.Compare(strings.ToLower(a), strings.ToLower(b))
	})
	fmt.Println(names)
	i, found := slices.BinarySearchFunc(class, 85, func(s Student, g int) int { return cmp.Compare(g, s.Grade) })
	fmt.Println(i, found)
	fmt.Println(slices.IndexFunc(class, func(s Student) bool { return s.Age > 21 }))
	oldest := slices.MaxFunc(class, func(a, b Student) int { return cmp.Compare(a.Age, b.Age) })
	fmt.Println(oldest.Name, cmp.Or("", "default"), cmp.Or(0, 0, 3))
}
