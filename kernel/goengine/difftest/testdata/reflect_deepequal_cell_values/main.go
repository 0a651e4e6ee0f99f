package main

import (
	"fmt"
	"maps"
	"reflect"
	"slices"
)

type point struct{ X, Y int }

func (p point) String() string { return fmt.Sprintf("(%d,%d)", p.X, p.Y) }

type tree struct {
	Val  int
	Kids []*tree
}

type named []string

func (n named) Len() int { return len(n) }

func main() {
	a, b := point{1, 2}, point{1, 2}
	fmt.Println(reflect.DeepEqual(a, b), reflect.DeepEqual(a, point{2, 1}))
	var x, y any = a, b
	fmt.Println(reflect.DeepEqual(x, y))
	fmt.Println(reflect.DeepEqual([]point{a}, []point{b}), reflect.DeepEqual(map[string]point{"k": a}, map[string]point{"k": b}))
	fmt.Println(reflect.DeepEqual([]any{a, 1}, []any{b, 1}), reflect.DeepEqual([]any{a}, []any{point{0, 0}}))
	t1 := &tree{1, []*tree{{2, nil}, {3, nil}}}
	t2 := &tree{1, []*tree{{2, nil}, {3, nil}}}
	fmt.Println(reflect.DeepEqual(t1, t2))
	t2.Kids[1].Val = 4
	fmt.Println(reflect.DeepEqual(t1, t2))
	fmt.Println(reflect.DeepEqual(named{"a"}, named{"a"}), reflect.DeepEqual(named{"a"}, []string{"a"}))
	fmt.Println(slices.Equal([]point{a}, []point{b}), maps.Equal(map[point]int{a: 1}, map[point]int{b: 1}))
	fmt.Println(slices.Index([]point{{0, 0}, b}, a), slices.Contains([]any{1, a}, any(b)))
}
