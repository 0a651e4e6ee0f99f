package main

import (
	"fmt"
	"sort"
	"strings"
)

type stack[T any] struct{ items []T }

func (s *stack[T]) push(v ...T) { s.items = append(s.items, v...) }
func (s *stack[T]) pop() (v T, ok bool) {
	if len(s.items) == 0 {
		return v, false
	}
	v = s.items[len(s.items)-1]
	s.items = s.items[:len(s.items)-1]
	return v, true
}

type number interface{ ~int | ~float64 }

func sumMap[K comparable, V number](m map[K]V) V {
	var s V
	for _, v := range m {
		s += v
	}
	return s
}

func keys[M ~map[K]V, K comparable, V any](m M) []K {
	out := make([]K, 0, len(m))
	for k := range m {
		out = append(out, k)
	}
	return out
}

type tree[T any] struct {
	left, right *tree[T]
	val         T
}

func (t *tree[T]) walk(f func(T)) {
	if t == nil {
		return
	}
	t.left.walk(f)
	f(t.val)
	t.right.walk(f)
}

func apply[T, U any](xs []T, f func(T) U) []U {
	out := make([]U, len(xs))
	for i, x := range xs {
		out[i] = f(x)
	}
	return out
}

type scores map[string]int

func main() {
	var s stack[string]
	s.push("a", "b", "c")
	for {
		v, ok := s.pop()
		if !ok {
			break
		}
		fmt.Print(v)
	}
	fmt.Println()
	fmt.Println(sumMap(map[string]float64{"a": 1.5, "b": 2}))
	ks := keys(scores{"z": 1, "a": 2})
	sort.Strings(ks)
	fmt.Println(ks)
	t := &tree[int]{val: 2, left: &tree[int]{val: 1}, right: &tree[int]{val: 3}}
	t.walk(func(v int) { fmt.Print(v, " ") })
	fmt.Println()
	fmt.Println(apply([]string{"a", "bb"}, strings.ToUpper), apply([]int{1, 2}, func(i int) float64 { return float64(i) / 2 }))
	var st stack[[2]int]
	st.push([2]int{1, 2})
	top, _ := st.pop()
	fmt.Printf("%v %T\n", top, st)
}
