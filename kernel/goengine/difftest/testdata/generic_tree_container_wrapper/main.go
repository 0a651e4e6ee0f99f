package main

import (
	"cmp"
	"fmt"
	"slices"
	"strings"
)

type Tree[T cmp.Ordered] struct {
	root *node[T]
	n    int
}

type node[T cmp.Ordered] struct {
	v    T
	l, r *node[T]
}

func (t *Tree[T]) Insert(vs ...T) {
	for _, v := range vs {
		t.root = t.root.insert(v, &t.n)
	}
}

func (n *node[T]) insert(v T, cnt *int) *node[T] {
	if n == nil {
		*cnt++
		return &node[T]{v: v}
	}
	switch c := cmp.Compare(v, n.v); {
	case c < 0:
		n.l = n.l.insert(v, cnt)
	case c > 0:
		n.r = n.r.insert(v, cnt)
	}
	return n
}

func (t *Tree[T]) Walk(f func(T) bool) {
	var walk func(*node[T]) bool
	walk = func(n *node[T]) bool {
		if n == nil {
			return true
		}
		return walk(n.l) && f(n.v) && walk(n.r)
	}
	walk(t.root)
}

type Container[T any] interface {
	Len() int
	At(int) T
}

type vec[T any] []T

func (v vec[T]) Len() int   { return len(v) }
func (v vec[T]) At(i int) T { return v[i] }

func Collect[T any, C Container[T]](c C) []T {
	out := make([]T, 0, c.Len())
	for i := 0; i < c.Len(); i++ {
		out = append(out, c.At(i))
	}
	return out
}

type Wrapper[T any] struct {
	*vec[T]
	tag string
}

func Ptr[T any](v T) *T { return &v }

func MapKeys[K comparable, V any](m map[K]V, less func(a, b K) int) []K {
	ks := make([]K, 0, len(m))
	for k := range m {
		ks = append(ks, k)
	}
	slices.SortFunc(ks, less)
	return ks
}

type Stringer interface{ String() string }
type up string

func (u up) String() string { return strings.ToUpper(string(u)) }

func JoinAll[T Stringer](xs []T, sep string) string {
	parts := make([]string, len(xs))
	for i, x := range xs {
		parts[i] = x.String()
	}
	return strings.Join(parts, sep)
}

func main() {
	var t Tree[string]
	t.Insert("m", "c", "x", "a", "c", "z")
	var got []string
	t.Walk(func(s string) bool { got = append(got, s); return s != "x" })
	fmt.Println(got, t.n)
	fmt.Println(Collect[int](vec[int]{3, 1, 2}))
	v := vec[string]{"p", "q"}
	w := Wrapper[string]{&v, "w"}
	fmt.Println(w.Len(), w.At(1), w.tag)
	p := Ptr(3)
	*p++
	q := Ptr(p)
	fmt.Println(*p, **q)
	type pt struct{ x, y int }
	m := map[pt]string{{2, 1}: "b", {1, 5}: "a", {1, 2}: "c"}
	fmt.Println(MapKeys(m, func(a, b pt) int { return cmp.Or(cmp.Compare(a.x, b.x), cmp.Compare(a.y, b.y)) }))
	fmt.Println(JoinAll([]up{"a", "b"}, "-"))
	fmt.Println(slices.Max([]float64{1, 3, 2}), cmp.Less(2, 1))
}
