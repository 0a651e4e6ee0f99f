package main

import (
	"encoding/json"
	"fmt"
	"slices"
	"sort"
	"strings"
)

type list[T any] []T

func (l list[T]) Map(f func(T) T) list[T] {
	out := make(list[T], 0, len(l))
	for _, v := range l {
		out = append(out, f(v))
	}
	return out
}

func (l *list[T]) Append(vs ...T) { *l = append(*l, vs...) }

type sortable[T int | string] []T

func (s sortable[T]) Len() int           { return len(s) }
func (s sortable[T]) Less(i, j int) bool { return s[i] < s[j] }
func (s sortable[T]) Swap(i, j int)      { s[i], s[j] = s[j], s[i] }

type stack[T any] struct {
	list[T]
	name string
}

type dict[K comparable, V any] map[K]V

func (d dict[K, V]) Keys(less func(a, b K) int) []K {
	ks := make([]K, 0, len(d))
	for k := range d {
		ks = append(ks, k)
	}
	slices.SortFunc(ks, less)
	return ks
}

type label string

func (l label) String() string { return "<" + string(l) + ">" }

func main() {
	l := list[int]{3, 1, 2}
	l.Append(5, 4)
	slices.Sort(l)
	fmt.Println(l, l.Map(func(x int) int { return x * x }))
	idx, ok := slices.BinarySearch(l, 4)
	fmt.Println(idx, ok, slices.Max(l), len(slices.Clone(l)))

	s := sortable[string]{"pear", "apple", "fig"}
	sort.Sort(s)
	fmt.Println(s, sort.IsSorted(s))

	st := stack[string]{name: "s"}
	st.Append("a", "b")
	fmt.Println(st.list, len(st.list), st.name)

	var back list[float64]
	err := json.Unmarshal([]byte("[1.5, 2]"), &back)
	fmt.Println(back, err)
	out, _ := json.Marshal(list[string]{"x"})
	fmt.Println(string(out))

	d := dict[string, int]{"b": 2, "a": 1, "c": 3}
	fmt.Println(d.Keys(strings.Compare), len(d))

	labels := list[label]{"x", "y"}
	fmt.Println(labels, labels.Map(func(l label) label { return l + l }))
	fmt.Printf("%v %s %T\n", labels, labels, labels)
}
