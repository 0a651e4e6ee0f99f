package main

import (
	"cmp"
	"fmt"
	"iter"
	"maps"
	"slices"
	"strings"
)

type temp struct {
	city string
	c    float64
}

func (t temp) String() string { return fmt.Sprintf("%s:%.1f°", t.city, t.c) }

type reading map[string]temp

func (r reading) Hottest() iter.Seq[temp] {
	return slices.Values(slices.SortedFunc(maps.Values(r), func(a, b temp) int {
		return cmp.Compare(b.c, a.c)
	}))
}

func main() {
	r := reading{
		"oslo":  {"oslo", 4.5},
		"cairo": {"cairo", 31},
		"lima":  {"lima", 19.25},
	}
	for t := range r.Hottest() {
		fmt.Print(t, " ")
	}
	fmt.Println()
	top := slices.Collect(r.Hottest())[:2]
	fmt.Println(top, fmt.Sprint(top[0]), fmt.Sprintf("%v|%s|%+v", top[1], top[1], top[1]))
	names := slices.Sorted(maps.Keys(r))
	fmt.Println(strings.Join(names, ","))
	byLen := slices.SortedStableFunc(slices.Values(names), func(a, b string) int { return cmp.Compare(len(a), len(b)) })
	fmt.Println(byLen)
	idx := slices.IndexFunc(top, func(t temp) bool { return t.city == "lima" })
	fmt.Println(idx, slices.ContainsFunc(top, func(t temp) bool { return t.c < 0 }))
	m := maps.Collect(func(yield func(string, temp) bool) {
		for _, t := range top {
			if !yield(strings.ToUpper(t.city), t) {
				return
			}
		}
	})
	fmt.Println(m)
}
