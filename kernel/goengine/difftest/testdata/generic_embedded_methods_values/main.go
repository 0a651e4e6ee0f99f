package main

import (
	"fmt"
	"sort"
	"strings"
)

type Base[T any] struct{ items []T }

func (b *Base[T]) Add(x T)   { b.items = append(b.items, x) }
func (b Base[T]) Len() int   { return len(b.items) }
func (b Base[T]) At(i int) T { return b.items[i] }
func (b Base[T]) Each(f func(T)) {
	for _, x := range b.items {
		f(x)
	}
}

type Named[T fmt.Stringer] struct {
	Base[T]
	title string
}

func (n Named[T]) String() string {
	var parts []string
	n.Each(func(x T) { parts = append(parts, x.String()) })
	return n.title + ":" + strings.Join(parts, ",")
}

type Sorted[T interface{ ~int | ~string }] struct{ Base[T] }

func (s Sorted[T]) Less(i, j int) bool { return s.items[i] < s.items[j] }
func (s Sorted[T]) Swap(i, j int)      { s.items[i], s.items[j] = s.items[j], s.items[i] }

type tag string

func (t tag) String() string { return "#" + string(t) }

func main() {
	n := &Named[tag]{title: "tags"}
	add := n.Add
	for _, t := range []tag{"go", "yaegi"} {
		add(t)
	}
	fmt.Println(n, n.Len(), n.At(1))
	var s fmt.Stringer = n
	fmt.Println(s.String())
	st := &Sorted[string]{}
	for _, w := range strings.Fields("pear fig apple") {
		st.Add(w)
	}
	sort.Sort(st)
	fmt.Println(st.items, sort.IsSorted(st))
	lenf := st.Len
	at := Sorted[string].At
	fmt.Println(lenf(), at(*st, 0))
	var si sort.Interface = Sorted[int]{Base[int]{[]int{3, 1, 2}}}
	sort.Sort(si)
	fmt.Println(si.(Sorted[int]).items)
}
