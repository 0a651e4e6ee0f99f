package main

import (
	"cmp"
	"fmt"
	"iter"
	"maps"
	"slices"
	"strings"
)

type Employee struct {
	Name string
	Dept string
	Age  int
}

// ByDept yields each department with its employees, in name order.
func ByDept(es []Employee) iter.Seq2[string, []Employee] {
	groups := map[string][]Employee{}
	for _, e := range es {
		groups[e.Dept] = append(groups[e.Dept], e)
	}
	return func(yield func(string, []Employee) bool) {
		for _, d := range slices.Sorted(maps.Keys(groups)) {
			if !yield(d, groups[d]) {
				return
			}
		}
	}
}

func main() {
	es := []Employee{{"ann", "gpu", 31}, {"bob", "cpu", 25}, {"cid", "gpu", 25}, {"dee", "io", 40}, {"eve", "cpu", 31}}
	slices.SortStableFunc(es, func(a, b Employee) int {
		return cmp.Or(cmp.Compare(a.Age, b.Age), strings.Compare(a.Name, b.Name))
	})
	for _, e := range es {
		fmt.Print(e.Name, e.Age, " ")
	}
	fmt.Println()
	for d, group := range ByDept(es) {
		names := slices.Collect(func(yield func(string) bool) {
			for _, e := range group {
				if !yield(e.Name) {
					return
				}
			}
		})
		fmt.Println(d, names)
		if d == "gpu" {
			break
		}
	}
	ages := []int{40, 25, 31}
	slices.Sort(ages)
	i, found := slices.BinarySearch(ages, 31)
	fmt.Println(ages, i, found, slices.Index(ages, 40), slices.Contains(ages, 7))
	ages = slices.Insert(ages, 1, 28, 29)
	ages = slices.Delete(ages, 0, 1)
	fmt.Println(ages, slices.Max(ages))
	m := maps.Collect(slices.All([]string{"x", "y"}))
	fmt.Println(m, len(m))
	counts := map[string]int{"b": 2, "a": 1, "c": 3}
	vals := slices.Sorted(maps.Values(counts))
	fmt.Println(vals, slices.Compact([]int{1, 1, 2, 2, 2, 3, 1}))
	for c := range slices.Chunk([]int{1, 2, 3, 4, 5}, 2) {
		fmt.Print(c, " ")
	}
	fmt.Println()
}
