package main

import "fmt"

func main() {
	calls := 0
	key := func() string {
		calls++
		return "k"
	}
	m := map[string]int{}
	m[key()]++
	m[key()] += 5
	m[key()] = m[key()] * 2
	fmt.Println(m, calls)

	s := []int{0, 0, 0}
	i := 0
	next := func() int {
		i++
		return i - 1
	}
	s[next()] += 10
	s[next()]++
	fmt.Println(s, i)

	k := "a"
	m2 := map[string]int{}
	m2[k], k = 1, "b"
	fmt.Println(m2, k)

	counts := map[rune]int{}
	for _, r := range "hello" {
		counts[r] += 1
	}
	fmt.Println(counts['l'], len(counts))
}
