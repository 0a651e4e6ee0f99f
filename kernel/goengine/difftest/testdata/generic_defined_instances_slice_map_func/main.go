package main

import (
	"encoding/json"
	"fmt"
	"slices"
	"sort"
	"strings"
)

type list[T any] []T

func (l list[T]) Len() int { return len(l) }

func (l *list[T]) Push(v T) { *l = append(*l, v) }

type set[T comparable] map[T]struct{}

func (s set[T]) Add(v T)        { s[v] = struct{}{} }
func (s set[T]) Has(v T) bool   { _, ok := s[v]; return ok }
func (s set[T]) String() string { return fmt.Sprintf("set(%d)", len(s)) }

type mapper[T any] func(T) T

func (m mapper[T]) Twice(v T) T { return m(m(v)) }

type byLen list[string]

func (b byLen) Len() int           { return len(b) }
func (b byLen) Less(i, j int) bool { return len(b[i]) < len(b[j]) }
func (b byLen) Swap(i, j int)      { b[i], b[j] = b[j], b[i] }

type grid[T any] [2][2]T

func main() {
	var l list[int] = []int{3, 1}
	l.Push(2)
	fmt.Println(l, l.Len(), len(l), cap(l) >= 3)
	plain := []int(l)
	slices.Sort(plain)
	fmt.Println(l, plain)
	for i, v := range l {
		fmt.Print(i, ":", v, " ")
	}
	fmt.Println()
	b, _ := json.Marshal(l)
	fmt.Println(string(b))

	s := set[string]{}
	s.Add("a")
	s.Add("b")
	s.Add("a")
	fmt.Println(s, s.Has("b"), s.Has("z"), len(s))
	var st fmt.Stringer = s
	fmt.Println(st.String())

	up := mapper[string](strings.ToUpper)
	dbl := mapper[int](func(x int) int { return x * 2 })
	fmt.Println(up.Twice("go"), dbl.Twice(5))

	words := byLen{"ccc", "a", "bb"}
	sort.Sort(words)
	fmt.Println(words)

	var g grid[int]
	g[1][0] = 7
	h := g
	h[0][0] = 1
	fmt.Println(g, h, g == h)
	fmt.Printf("%T %T %T %T\n", l, s, dbl, g)
	var x any = l
	_, isSlice := x.([]int)
	ll, isList := x.(list[int])
	fmt.Println(isSlice, isList, ll.Len())
}
