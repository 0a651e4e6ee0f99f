package main

import (
	"fmt"
	"strings"
)

type Box[T any] struct {
	val T
}

func (b *Box[T]) Set(v T) { b.val = v }
func (b Box[T]) Get() T   { return b.val }

type Labeled[T any] struct {
	Box[T]
	label string
}

func (l Labeled[T]) String() string { return fmt.Sprintf("%s=%v", l.label, l.Get()) }

type point struct{ x, y int }

type Pair[K comparable, V any] struct {
	Key K
	Val V
}

func main() {
	var l Labeled[point]
	l.label = "p"
	l.Set(point{1, 2})
	fmt.Println(l.Get(), l)
	l2 := l
	l2.Set(point{9, 9})
	fmt.Println(l, l2)
	var sb strings.Builder
	for _, p := range []Pair[string, point]{{"a", point{1, 1}}, {"b", point{2, 3}}} {
		fmt.Fprintf(&sb, "%s:%v;", p.Key, p.Val)
	}
	fmt.Println(sb.String())
	m := map[Pair[string, int]]Box[[]int]{}
	m[Pair[string, int]{"x", 1}] = Box[[]int]{[]int{1, 2}}
	fmt.Println(m[Pair[string, int]{"x", 1}].Get(), len(m[Pair[string, int]{"x", 2}].Get()))
	ch := make(chan Box[point], 2)
	ch <- Box[point]{point{3, 4}}
	b := <-ch
	fmt.Printf("%+v %d\n", b, cap(ch))
}
