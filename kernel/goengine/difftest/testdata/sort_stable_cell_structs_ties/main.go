package main

import (
	"cmp"
	"fmt"
	"slices"
	"sort"
	"strings"
)

type emp struct {
	name string
	dept string
	age  int
}

type byDept []emp

func (b byDept) Len() int           { return len(b) }
func (b byDept) Less(i, j int) bool { return b[i].dept < b[j].dept }
func (b byDept) Swap(i, j int)      { b[i], b[j] = b[j], b[i] }

func main() {
	es := []emp{{"ann", "ops", 30}, {"bob", "dev", 25}, {"cy", "ops", 25}, {"di", "dev", 30}, {"ed", "art", 25}, {"fay", "ops", 40}}
	a := slices.Clone(es)
	sort.SliceStable(a, func(i, j int) bool { return a[i].age < a[j].age })
	fmt.Println(a)
	b := slices.Clone(es)
	slices.SortStableFunc(b, func(x, y emp) int { return strings.Compare(x.dept, y.dept) })
	fmt.Println(b)
	c := slices.Clone(es)
	sort.Stable(byDept(c))
	fmt.Println(c)
	d := slices.Clone(es)
	slices.SortStableFunc(d, func(x, y emp) int {
		return cmp.Or(cmp.Compare(y.age, x.age), cmp.Compare(x.name, y.name))
	})
	fmt.Println(d)
	i, found := slices.BinarySearchFunc(b, "ops", func(e emp, t string) int { return strings.Compare(e.dept, t) })
	fmt.Println(i, found)
	fmt.Println(slices.IsSortedFunc(b, func(x, y emp) int { return strings.Compare(x.dept, y.dept) }))
	mx := slices.MaxFunc(es, func(x, y emp) int { return cmp.Compare(x.age, y.age) })
	fmt.Println(mx)
	idx := slices.IndexFunc(es, func(e emp) bool { return e.age == 25 })
	fmt.Println(idx, sort.SearchInts([]int{1, 3, 5}, 4))
}
