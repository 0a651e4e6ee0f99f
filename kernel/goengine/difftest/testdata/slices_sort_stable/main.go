package main

import (
	"fmt"
	"slices"
	"strings"
)

type entry struct {
	name  string
	group int
}

func main() {
	es := []entry{{"d", 2}, {"a", 1}, {"c", 2}, {"b", 1}, {"e", 0}}
	slices.SortStableFunc(es, func(a, b entry) int { return a.group - b.group })
	fmt.Println(es)
	words := []string{"Banana", "apple", "Cherry"}
	slices.SortFunc(words, func(a, b string) int { return strings.Compare(strings.ToLower(a), strings.ToLower(b)) })
	fmt.Println(words)
	fmt.Println(slices.ContainsFunc(es, func(e entry) bool { return e.group > 1 }))
}
