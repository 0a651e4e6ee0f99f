package main

import "fmt"

type key struct {
	a string
	b [2]int
}

func Count[T comparable](xs []T) map[T]int {
	m := map[T]int{}
	for _, x := range xs {
		m[x]++
	}
	return m
}

func Eq[T comparable](a, b T) bool { return a == b }

func Uniq[T comparable](xs []T) []T {
	seen := map[T]bool{}
	var out []T
	for _, x := range xs {
		if !seen[x] {
			seen[x] = true
			out = append(out, x)
		}
	}
	return out
}

func main() {
	ks := []key{{"x", [2]int{1, 2}}, {"y", [2]int{1, 2}}, {"x", [2]int{1, 2}}, {"x", [2]int{2, 1}}}
	c := Count(ks)
	fmt.Println(c[key{"x", [2]int{1, 2}}], c[key{"x", [2]int{2, 1}}], c[key{"z", [2]int{}}], len(c))
	fmt.Println(Uniq(ks))
	fmt.Println(Eq(ks[0], ks[2]), Eq(ks[0], ks[1]))
	var a, b any = 1, 1
	fmt.Println(Eq(a, b), Eq[any](1, "1"))
	fmt.Println(Uniq([]string{"b", "a", "b", "c", "a"}))
}
