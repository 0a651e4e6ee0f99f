package main

import (
	"cmp"
	"fmt"
	"maps"
	"slices"
	"strings"
)

type player struct {
	name  string
	score int
}

type byName []player

func main() {
	ps := []player{{"cy", 5}, {"al", 9}, {"bo", 5}, {"di", 1}}
	slices.SortFunc(ps, func(a, b player) int {
		return cmp.Or(cmp.Compare(b.score, a.score), strings.Compare(a.name, b.name))
	})
	fmt.Println(ps)
	i, found := slices.BinarySearchFunc(ps, 5, func(p player, s int) int { return cmp.Compare(s, p.score) })
	fmt.Println(i, found)
	fmt.Println(slices.IndexFunc(ps, func(p player) bool { return p.name == "bo" }), slices.Contains(ps, player{"di", 1}))
	best := slices.MaxFunc(ps, func(a, b player) int { return cmp.Compare(a.score, b.score) })
	fmt.Println(best)
	cp := slices.Clone(ps)
	slices.Reverse(cp)
	fmt.Println(cp[0], slices.Equal(ps, cp), len(slices.Compact([]int{1, 1, 2, 2, 2, 3})))
	m := map[string]player{}
	for _, p := range ps {
		m[p.name] = p
	}
	fmt.Println(slices.Sorted(maps.Keys(m)))
	scores := slices.Collect(func(yield func(int) bool) {
		for _, p := range ps {
			if !yield(p.score) {
				return
			}
		}
	})
	fmt.Println(scores, slices.Max(scores), slices.Min(scores))
	grouped := map[int][]string{}
	for _, p := range ps {
		grouped[p.score] = append(grouped[p.score], p.name)
	}
	for _, k := range slices.Backward(slices.Sorted(maps.Keys(grouped))) {
		fmt.Println(k, grouped[k])
	}
	b := byName(slices.Clone(ps))
	slices.SortStableFunc(b, func(x, y player) int { return cmp.Compare(x.score, y.score) })
	fmt.Printf("%v %T\n", b, b)
	idx := slices.Insert([]int{1, 4}, 1, 2, 3)
	fmt.Println(idx, slices.Delete(idx, 0, 2), slices.Repeat([]string{"x"}, 3))
	chunks := [][]int{}
	for c := range slices.Chunk([]int{1, 2, 3, 4, 5}, 2) {
		chunks = append(chunks, c)
	}
	fmt.Println(chunks)
}
