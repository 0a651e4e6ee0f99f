package main

import (
	"fmt"
	"sort"
)

type rec struct {
	name  string
	dept  string
	grade int
}

type byDept []rec

func (b byDept) Len() int           { return len(b) }
func (b byDept) Less(i, j int) bool { return b[i].dept < b[j].dept }
func (b byDept) Swap(i, j int)      { b[i], b[j] = b[j], b[i] }

func main() {
	rs := []rec{
		{"ann", "ops", 3}, {"bo", "dev", 1}, {"cy", "ops", 1},
		{"di", "dev", 3}, {"ed", "ops", 2}, {"fa", "dev", 2},
		{"gu", "hr", 1}, {"hu", "dev", 1},
	}
	sort.SliceStable(rs, func(i, j int) bool { return rs[i].grade < rs[j].grade })
	sort.Stable(byDept(rs))
	for _, r := range rs {
		fmt.Println(r.dept, r.grade, r.name)
	}
	idx := sort.Search(len(rs), func(i int) bool { return rs[i].dept >= "hr" })
	fmt.Println("hr starts at", idx, sort.IsSorted(byDept(rs)))
	fs := []float64{2.5, -1, 0, 10}
	sort.Float64s(fs)
	fmt.Println(fs, sort.SearchFloat64s(fs, 2.5))
}
