// culab patch 17: iter, maps and slices of Go 1.26 (culab's generic
// sources), with range over their iterators.
package main

import (
	"fmt"
	"iter"
	"maps"
	"slices"
	"strings"
)

func evens(n int) iter.Seq[int] {
	return func(yield func(int) bool) {
		for i := 0; i < n; i += 2 {
			if !yield(i) {
				return
			}
		}
	}
}

func main() {
	m := map[string]int{"b": 2, "a": 1, "c": 3}
	fmt.Println(slices.Sorted(maps.Keys(m)), slices.Sorted(maps.Values(m)))
	fmt.Println(slices.Collect(evens(7)))
	for i, v := range slices.All([]string{"x", "y"}) {
		fmt.Print(i, v, " ")
	}
	for i, v := range slices.Backward([]string{"x", "y"}) {
		fmt.Print(i, v, " ")
	}
	fmt.Println()
	for c := range slices.Chunk([]int{1, 2, 3, 4, 5}, 2) {
		fmt.Print(c, " ")
	}
	fmt.Println()
	keys := slices.Collect(maps.Keys(m))
	slices.Sort(keys)
	fmt.Println(keys, slices.Index(keys, "b"))
	m2 := maps.Collect(maps.All(m))
	fmt.Println(len(m2), m2["c"])
	maps.Insert(m2, maps.All(map[string]int{"z": 26}))
	fmt.Println(m2["z"])
	next, stop := iter.Pull(evens(10))
	a, ok1 := next()
	b, ok2 := next()
	stop()
	c, ok3 := next()
	fmt.Println(a, ok1, b, ok2, c, ok3)
	next2, stop2 := iter.Pull2(maps.All(map[int]string{1: "one"}))
	k, v, ok := next2()
	k2, v2, ok4 := next2()
	stop2()
	fmt.Println(k, v, ok, k2, v2, ok4)
	s := []string{"banana", "Apple", "cherry"}
	slices.SortFunc(s, func(a, b string) int { return strings.Compare(strings.ToLower(a), strings.ToLower(b)) })
	fmt.Println(s, slices.IsSortedFunc(s, func(a, b string) int { return strings.Compare(strings.ToLower(a), strings.ToLower(b)) }))
	fmt.Println(slices.Min([]float64{3, 1, 2}), slices.Max([]int{3, 9, 2}), slices.IsSorted([]int{1, 2, 2}))
	fmt.Println(slices.BinarySearch([]int{1, 3, 5}, 3))
	fmt.Println(slices.BinarySearch([]int{1, 3, 5}, 4))
	type P struct {
		N string
		A int
	}
	ps := []P{{"a", 3}, {"b", 1}, {"c", 3}, {"d", 1}}
	slices.SortStableFunc(ps, func(x, y P) int { return x.A - y.A })
	fmt.Println(ps)
	i, found := slices.BinarySearchFunc(ps, 3, func(p P, t int) int { return p.A - t })
	fmt.Println(i, found, slices.MinFunc(ps, func(x, y P) int { return x.A - y.A }), slices.MaxFunc(ps, func(x, y P) int { return x.A - y.A }))
	fmt.Println(slices.Repeat([]int{1, 2}, 3), slices.AppendSeq([]int{0}, evens(5)))
	fmt.Println(slices.SortedFunc(slices.Values([]int{3, 1, 2}), func(a, b int) int { return b - a }))
	fmt.Println(slices.SortedStableFunc(slices.Values(ps), func(x, y P) int { return y.A - x.A }))
	var cnt int
	for range maps.Keys(m) {
		cnt++
	}
	fmt.Println(cnt)
	words := strings.Fields("the quick brown fox")
	lens := map[int][]string{}
	for _, w := range words {
		lens[len(w)] = append(lens[len(w)], w)
	}
	for _, l := range slices.Sorted(maps.Keys(lens)) {
		fmt.Print(l, lens[l], " ")
	}
	fmt.Println()

	// Go 1.22's slices, and maps.Clone makes a copy.
	s2 := []int{3, 1, 2, 3}
	fmt.Println(slices.Contains(s2, 2), slices.Index(s2, 3), slices.Equal(s2, []int{3, 1, 2, 3}))
	fmt.Println(slices.Clip(s2), slices.Compact([]int{1, 1, 2, 2, 1}), slices.Insert(s2, 1, 9, 8))
	fmt.Println(slices.Delete([]int{0, 1, 2, 3}, 1, 3), slices.Replace([]int{0, 1, 2}, 0, 1, 7, 7))
	cl := slices.Clone(s2)
	slices.Reverse(cl)
	fmt.Println(cl, s2, slices.Concat([]int{1}, []int{2, 3}))
	mc := maps.Clone(m)
	mc["d"] = 4
	fmt.Println(len(m), len(mc), maps.Equal(m, mc))
	maps.DeleteFunc(mc, func(k string, v int) bool { return v%2 == 0 })
	maps.Copy(mc, map[string]int{"e": 5})
	fmt.Println(mc)

	// iter.Pull's next and stop raise a panic of the sequence.
	func() {
		defer func() { fmt.Println("recovered", recover()) }()
		next, stop := iter.Pull(func(yield func(int) bool) {
			yield(1)
			panic("seq")
		})
		defer stop()
		fmt.Println(next())
		fmt.Println(next())
	}()
}

// Output:
// [a b c] [1 2 3]
// [0 2 4 6]
// 0x 1y 1y 0x
// [1 2] [3 4] [5]
// [a b c] 1
// 3 3
// 26
// 0 true 2 true 0 false
// 1 one true 0  false
// [Apple banana cherry] true
// 1 9 true
// 1 true
// 2 false
// [{b 1} {d 1} {a 3} {c 3}]
// 2 true {b 1} {a 3}
// [1 2 1 2 1 2] [0 0 2 4]
// [3 2 1]
// [{a 3} {c 3} {b 1} {d 1}]
// 3
// 3 [the fox] 5 [quick brown]
// true 0 true
// [3 1 2 3] [1 2 1] [3 9 8 1 2 3]
// [0 3] [7 7 1 2]
// [3 2 1 3] [3 1 2 3] [1 2 3]
// 3 4 false
// map[a:1 c:3 e:5]
// 1 true
// recovered seq
