package main

import (
	"fmt"
	"sort"
)

type entry struct {
	team  string
	name  string
	score int
}

func main() {
	es := []entry{{"b", "x", 3}, {"a", "y", 5}, {"b", "z", 5}, {"a", "w", 5}, {"c", "v", 1}, {"b", "u", 3}}
	sort.Slice(es, func(i, j int) bool {
		if es[i].score != es[j].score {
			return es[i].score > es[j].score
		}
		if es[i].team != es[j].team {
			return es[i].team < es[j].team
		}
		return es[i].name < es[j].name
	})
	for _, e := range es {
		fmt.Println(e.score, e.team, e.name)
	}
	byTeam := append([]entry(nil), es...)
	sort.SliceStable(byTeam, func(i, j int) bool { return byTeam[i].team < byTeam[j].team })
	fmt.Println(byTeam)
	i := sort.Search(len(es), func(i int) bool { return es[i].score < 5 })
	fmt.Println(i, sort.SliceIsSorted(es, func(i, j int) bool { return es[i].score > es[j].score }))
	ints := []int{5, 2, 8, 1}
	sort.Sort(sort.Reverse(sort.IntSlice(ints)))
	fmt.Println(ints, sort.SearchInts([]int{1, 3, 5, 7}, 6))
}
