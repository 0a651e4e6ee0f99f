package main

import (
	"cmp"
	"fmt"
	"iter"
	"maps"
	"slices"
)

type Shape interface {
	Area() float64
}

type sq struct{ s float64 }
type tri struct{ b, h float64 }

func (q sq) Area() float64   { return q.s * q.s }
func (t tri) Area() float64  { return t.b * t.h / 2 }
func (t tri) String() string { return fmt.Sprintf("tri(%g,%g)", t.b, t.h) }

func shapes() iter.Seq[Shape] {
	return func(yield func(Shape) bool) {
		for i := 1; i <= 3; i++ {
			if !yield(sq{float64(i)}) || !yield(tri{float64(i), 2}) {
				return
			}
		}
	}
}

func main() {
	all := slices.Collect(shapes())
	fmt.Println(len(all), all)
	slices.SortFunc(all, func(a, b Shape) int { return cmp.Compare(b.Area(), a.Area()) })
	fmt.Println(all)
	byName := map[string]Shape{}
	for s := range shapes() {
		byName[fmt.Sprint(s)] = s
	}
	for _, k := range slices.Sorted(maps.Keys(byName)) {
		fmt.Printf("%s:%.1f ", k, byName[k].Area())
	}
	fmt.Println()
	idx := slices.IndexFunc(all, func(s Shape) bool { _, ok := s.(fmt.Stringer); return ok })
	fmt.Println(idx, all[idx])
	big := slices.DeleteFunc(slices.Clone(all), func(s Shape) bool { return s.Area() < 3 })
	fmt.Println(big)
	fmt.Println(slices.ContainsFunc(all, func(s Shape) bool { return s == Shape(sq{2}) }))
	m := maps.Collect(func(yield func(string, Shape) bool) {
		yield("x", tri{1, 1})
	})
	fmt.Println(m)
}
