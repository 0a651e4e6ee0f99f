package main

import (
	"fmt"
	"maps"
	"slices"
)

type Set[T comparable] = map[T]struct{}

type Grid[T any] = [][]T

type Handler[T any] = func(T) error

type IntSet = Set[int]

func add[T comparable](s Set[T], vs ...T) {
	for _, v := range vs {
		s[v] = struct{}{}
	}
}

func kind(v any) string {
	switch v.(type) {
	case map[int]struct{}:
		return "map[int]struct{}"
	case [][]string:
		return "[][]string"
	case func(int) error:
		return "func(int) error"
	}
	return "other"
}

func main() {
	s := IntSet{}
	add(s, 3, 1, 3)
	fmt.Println(len(s), slices.Sorted(maps.Keys(s)))
	g := Grid[string]{{"a", "b"}, {"c"}}
	fmt.Println(g, len(g[1]))
	var h Handler[int] = func(n int) error {
		if n < 0 {
			return fmt.Errorf("negative: %d", n)
		}
		return nil
	}
	fmt.Println(h(1), h(-2))
	fmt.Println(kind(s), kind(g), kind(h))
	fmt.Printf("%T %T %T\n", s, g, h)
	var plain map[int]struct{} = s
	plain[9] = struct{}{}
	fmt.Println(len(s))
}
