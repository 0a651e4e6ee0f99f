package main

import (
	"fmt"
	"sort"
	"strings"
)

type Number interface {
	~int | ~int64 | ~float64
}

type meters float64
type count int

func Sum[T Number](xs ...T) T {
	var s T
	for _, x := range xs {
		s += x
	}
	return s
}

func Max[T Number](a, b T) T {
	if a > b {
		return a
	}
	return b
}

type Stringish interface {
	~string
	Len() int
}

type word string

func (w word) Len() int { return len(w) }

func Longest[S Stringish](xs []S) S {
	var best S
	for _, x := range xs {
		if x.Len() > best.Len() {
			best = x
		}
	}
	return best
}

func SortedKeys[K ~string, V any](m map[K]V) []K {
	keys := make([]K, 0, len(m))
	for k := range m {
		keys = append(keys, k)
	}
	sort.Slice(keys, func(i, j int) bool { return keys[i] < keys[j] })
	return keys
}

func Join[T fmt.Stringer](xs []T, sep string) string {
	parts := make([]string, len(xs))
	for i, x := range xs {
		parts[i] = x.String()
	}
	return strings.Join(parts, sep)
}

func (m meters) String() string { return fmt.Sprintf("%.1fm", float64(m)) }

func main() {
	fmt.Println(Sum(meters(1.5), meters(2.25)), Sum(count(3), count(4)), Sum[int]())
	fmt.Printf("%T %T\n", Sum(meters(1)), Max(count(2), count(9)))
	fmt.Println(Max(2.5, 1.0), Max(int64(-3), -4))
	fmt.Println(Longest([]word{"go", "gopher", "tour"}))
	fmt.Println(SortedKeys(map[word]int{"b": 1, "a": 2, "c": 3}))
	fmt.Println(Join([]meters{1, 2.5}, ", "))
}
